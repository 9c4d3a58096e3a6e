import { useRef, useState } from 'react';
import { Link, generatePath, useNavigate } from 'react-router';
import { Ban, Pause, Pencil, Play, Send, Trash2 } from 'lucide-react';
import type { TCampaign } from '@screenline/shared/campaign';
import { formatMicros } from '@screenline/shared/money';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog, DeleteFailureAlert } from '@/components/ui/confirm-delete-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useReturnFocus } from '@/hooks/use-return-focus';
import { errorMessage } from '@/lib/api-client';
import { formatMoment } from '@/lib/campaign-format';
import { paths } from '@/lib/paths';
import { CLOCK_SKEW_WORDS, HOLD_GRACE_WORDS, PLAY_MAX_AGE_WORDS } from '@/lib/proof-of-play';
import { toast } from '@/lib/toast';
import {
  useCampaignAction,
  useCancelCampaign,
  useDeleteCampaign,
  type TCampaignAction,
} from '@/features/ad-campaigns/api/campaign-actions';

/** The link that opens the wizard on a draft or rejected campaign. */
export const editCampaignPath = (id: string) =>
  `${paths.publisher.newAdCampaign}?${new URLSearchParams({ edit: id }).toString()}`;

const DONE: Record<TCampaignAction, string> = {
  submit: 'was sent for review',
  pause: 'is paused',
  resume: 'plays again',
};

/** Whether the buyer may cancel: anything not finished; drafts are deleted instead. */
const isCancelable = (campaign: TCampaign) =>
  ['pending', 'approved', 'paused', 'rejected'].includes(campaign.state);

function CancelDialog({
  campaign,
  isOpen,
  onClose,
  onCloseAutoFocus,
}: {
  campaign: TCampaign;
  isOpen: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const action = useCancelCampaign();
  const [failure, setFailure] = useState<string | null>(null);
  const holdsBudget = campaign.state === 'approved' || campaign.state === 'paused';
  const cancel = async () => {
    setFailure(null);
    try {
      const canceled = await action.mutateAsync(campaign.id);
      toast.success(
        canceled.holdReleaseAt
          ? `“${campaign.name}” was canceled; what is left of its budget returns to your wallet on ${formatMoment(canceled.holdReleaseAt)}.`
          : `“${campaign.name}” was canceled.`,
      );
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="break-words">Cancel “{campaign.name}”?</DialogTitle>
        <DialogDescription>
          {holdsBudget
            ? `It stops playing at once, and a canceled campaign cannot be resumed. What is left of the ${formatMicros(campaign.remainingMicros)} held returns to your wallet after ${HOLD_GRACE_WORDS}.`
            : 'It is withdrawn from review. Nothing is held from your wallet yet. A canceled campaign cannot be sent again.'}
        </DialogDescription>
        {holdsBudget && (
          <p className="mt-3 text-sm text-muted-foreground">
            Why the wait: plays your screens showed while the campaign ran are still billed from the
            hold. A TV can send its plays up to {PLAY_MAX_AGE_WORDS} late (it may have been
            offline), and its clock may run up to {CLOCK_SKEW_WORDS} ahead.
          </p>
        )}
        {failure && (
          <Alert tone="error" className="mt-5">
            {failure}
          </Alert>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Keep it
          </Button>
          <Button variant="danger" isPending={action.isPending} onClick={() => void cancel()}>
            {failure ? 'Try again' : 'Cancel campaign'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The buttons a campaign's state allows: edit, submit, pause, resume, cancel, delete. */
export function CampaignActions({ campaign }: { campaign: TCampaign }) {
  const navigate = useNavigate();
  const action = useCampaignAction();
  const remove = useDeleteCampaign();
  const [dialog, setDialog] = useState<'cancel' | 'delete' | null>(null);
  const fallbackRef = useRef<HTMLAnchorElement>(null);
  const { remember, returnFocus } = useReturnFocus(fallbackRef);
  const isEditable = campaign.state === 'draft' || campaign.state === 'rejected';

  const run = (name: TCampaignAction) =>
    action.mutate(
      { id: campaign.id, action: name },
      {
        onSuccess: (updated) => toast.success(`“${updated.name}” ${DONE[name]}.`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const open = (which: 'cancel' | 'delete') => {
    remember();
    setDialog(which);
  };
  const pendingAction = action.isPending ? action.variables.action : null;

  return (
    <div className="flex flex-wrap gap-2">
      {isEditable && (
        <Button asChild variant="outline">
          <Link ref={fallbackRef} to={editCampaignPath(campaign.id)}>
            <Pencil aria-hidden />
            Edit
          </Link>
        </Button>
      )}
      {isEditable && (
        <Button isPending={pendingAction === 'submit'} onClick={() => run('submit')}>
          <Send aria-hidden />
          Submit for review
        </Button>
      )}
      {campaign.state === 'approved' && (
        <Button
          variant="outline"
          isPending={pendingAction === 'pause'}
          onClick={() => run('pause')}
        >
          <Pause aria-hidden />
          Pause
        </Button>
      )}
      {campaign.state === 'paused' && (
        <Button isPending={pendingAction === 'resume'} onClick={() => run('resume')}>
          <Play aria-hidden />
          Resume
        </Button>
      )}
      {isCancelable(campaign) && (
        <Button variant="outline" className="text-danger" onClick={() => open('cancel')}>
          <Ban aria-hidden />
          Cancel campaign…
        </Button>
      )}
      {campaign.state === 'draft' && (
        <Button variant="outline" className="text-danger" onClick={() => open('delete')}>
          <Trash2 aria-hidden />
          Delete draft…
        </Button>
      )}
      <CancelDialog
        key={campaign.id}
        campaign={campaign}
        isOpen={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        onCloseAutoFocus={returnFocus}
      />
      <ConfirmDeleteDialog
        subject={dialog === 'delete' ? campaign : null}
        description={() => 'The draft and its settings go; your creatives stay in your library.'}
        onClose={() => setDialog(null)}
        onCloseAutoFocus={returnFocus}
      >
        {(subject) => (
          <>
            {remove.isError && <DeleteFailureAlert message={errorMessage(remove.error)} />}
            <DialogFooter>
              <Button variant="outline" onClick={() => setDialog(null)}>
                Keep it
              </Button>
              <Button
                variant="danger"
                isPending={remove.isPending}
                onClick={() =>
                  remove.mutate(subject.id, {
                    onSuccess: () => {
                      toast.success(`“${subject.name}” was deleted.`);
                      void navigate(paths.publisher.adCampaigns);
                    },
                  })
                }
              >
                Delete draft
              </Button>
            </DialogFooter>
          </>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

export const overviewPath = (id: string) =>
  generatePath(paths.publisher.adCampaignOverview, { id });
