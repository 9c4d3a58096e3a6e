import type { TAdSpace } from '@screenline/shared/ad-space';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { ConnectTvSteps } from '@/features/ad-spaces/components/connect-tv-panel';

/** The TV sign-in steps for one ad space. */
export function ConnectTvDialog({
  adSpace,
  onClose,
  onCloseAutoFocus,
}: {
  adSpace: TAdSpace | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={adSpace !== null} onOpenChange={(open) => !open && onClose()}>
      {adSpace && (
        <DialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle className="break-words">Connect a TV to “{adSpace.name}”</DialogTitle>
          <DialogDescription className="mb-4">
            At {adSpace.location.name}, {adSpace.location.city}.
          </DialogDescription>
          <ConnectTvSteps adSpaceName={adSpace.name} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Done</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
