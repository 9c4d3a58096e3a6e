import type { TOwnerDevice } from '@screenline/shared/player';
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
import { useRevokeDevice } from '@/features/devices/api/devices';
import { deviceLabel } from '@/features/devices/components/devices-table';

function SignOutActions({ device, onDone }: { device: TOwnerDevice; onDone: () => void }) {
  const revoke = useRevokeDevice();
  return (
    <>
      {revoke.isError && (
        <Alert tone="error" className="mt-5">
          {errorMessage(revoke.error)}
        </Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Keep it signed in</Button>
        </DialogClose>
        <Button
          variant="danger"
          isPending={revoke.isPending}
          onClick={() =>
            revoke.mutate(device.id, {
              onSuccess: () => {
                toast.success(`“${deviceLabel(device)}” was signed out.`);
                onDone();
              },
            })
          }
        >
          Sign out
        </Button>
      </DialogFooter>
    </>
  );
}

/** Confirms signing one TV out: its token stops working at once, on every server. */
export function SignOutTvDialog({
  device,
  onClose,
  onCloseAutoFocus,
}: {
  device: TOwnerDevice | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={device !== null} onOpenChange={(open) => !open && onClose()}>
      {device && (
        <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">Sign out “{deviceLabel(device)}”?</DialogTitle>
          <DialogDescription>
            The TV stops playing {device.adSpace ? `“${device.adSpace.name}”` : 'its ad space'}{' '}
            within a minute and shows that it was signed out. To use it again, sign it in on the TV.
          </DialogDescription>
          <SignOutActions key={device.id} device={device} onDone={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}
