import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZDeclineReason, type TCampaignApproval } from '@screenline/shared/approval';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { showSaveError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDecideCampaign } from '@/features/campaign-approvals/api/decide-campaign';

/** The decline's reason, checked with the shared schema's rule. */
const ZReason = z.object({ reason: ZDeclineReason });
type TReason = z.infer<typeof ZReason>;

function DeclineForm({ approval, onDone }: { approval: TCampaignApproval; onDone: () => void }) {
  const decide = useDecideCampaign();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TReason>({ resolver: zodResolver(ZReason), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await decide.mutateAsync({
        adSpaceId: approval.adSpaceId,
        campaignId: approval.campaign.id,
        body: { decision: 'decline', reason },
      });
      toast.success(`“${approval.campaign.name}” will not play on ${approval.adSpaceName}.`);
      onDone();
    } catch (error) {
      showSaveError(error, getValues(), setError);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        {errors.root?.message && <Alert tone="error">{errors.root.message}</Alert>}
        <FormField
          label="Reason"
          hint="Shown to the advertiser and emailed to them."
          error={errors.reason?.message}
        >
          {(field) => <Textarea {...field} rows={4} {...register('reason')} />}
        </FormField>
      </DialogBody>
      <DialogActions>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="danger" isPending={isSubmitting}>
          Decline
        </Button>
      </DialogActions>
    </form>
  );
}

/** Declines a campaign on one screen, with the reason the advertiser reads. */
export function DeclineDialog({
  approval,
  onClose,
  onCloseAutoFocus,
}: {
  approval: TCampaignApproval | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={approval !== null} onOpenChange={(open) => !open && onClose()}>
      {approval && (
        <DialogContent placement="form" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle className="break-words">
              Decline “{approval.campaign.name}” on {approval.adSpaceName}?
            </DialogTitle>
            <DialogDescription>
              It stops playing on this screen from the TV’s next update and keeps running on other
              screens. You can approve it later.
            </DialogDescription>
          </DialogHeader>
          <DeclineForm key={approval.campaign.id} approval={approval} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
