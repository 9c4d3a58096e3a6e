import type { TMonetizationRequest } from '@screenline/shared/monetization';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useWithdrawMonetization } from '@/features/monetization/api/monetization';

function WithdrawActions({
  request,
  onDone,
}: {
  request: TMonetizationRequest;
  onDone: () => void;
}) {
  const withdraw = useWithdrawMonetization();
  return (
    <>
      {withdraw.isError && (
        <Alert tone="error" className="mt-5">
          {errorMessage(withdraw.error)}
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Keep it</Button>
        </DialogClose>
        <Button
          variant="danger"
          isPending={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(request.id, {
              onSuccess: () => {
                toast.success(`Monetization of “${request.adSpace.name}” was withdrawn.`);
                onDone();
              },
            })
          }
        >
          Withdraw
        </Button>
      </DialogFooter>
    </>
  );
}

/** Confirms withdrawing a pending or approved monetization request. */
export function WithdrawDialog({
  request,
  onClose,
  onCloseAutoFocus,
}: {
  request: TMonetizationRequest | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && onClose()}>
      {request && (
        <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">
            Withdraw monetization of “{request.adSpace.name}”?
          </DialogTitle>
          <DialogDescription>
            {request.state === 'approved'
              ? 'Its ad slots stop showing paid campaigns from the TV’s next update. What it earned stays in your wallet. You can ask again later.'
              : 'The request is taken back before a super-user decides. You can ask again later.'}
          </DialogDescription>
          <WithdrawActions key={request.id} request={request} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
