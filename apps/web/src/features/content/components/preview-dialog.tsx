import { Download, Pencil, Trash2 } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import type { TItemAction } from '@/features/content/components/content-item-menu';
import { formatLabel, kindLabel } from '@/features/content/utils/content-labels';
import { formatBytes } from '@screenline/shared/format';
import {
  formatDimensions,
  formatDuration,
  formatUploadDateTime,
} from '@/features/content/utils/format';
import { downloadNameOf } from '@/features/content/utils/object-names';

/** The item at a size worth looking at: the image, or the video playing (muted), and its facts. */
export function PreviewDialog({
  item,
  onClose,
  onAction,
  onCloseAutoFocus,
}: {
  item: TContentItem | null;
  onClose: () => void;
  onAction: (action: TItemAction, item: TContentItem) => void;
  /** Where focus goes when it closes (the page returns it to the control that opened it). */
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent
          className="max-h-[calc(100dvh-2rem)] max-w-4xl overflow-y-auto p-4 sm:p-6"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <DialogTitle className="truncate">{item.name}</DialogTitle>
          <DialogDescription>
            {kindLabel(item)} · {formatLabel(item.contentType)} · uploaded{' '}
            {formatUploadDateTime(item.createdAt)}
          </DialogDescription>
          <div className="mt-4 flex items-center justify-center overflow-hidden rounded-lg bg-black">
            {item.mediaUrl ? (
              item.kind === 'video' ? (
                <video
                  key={item.id}
                  src={item.mediaUrl}
                  poster={item.posterUrl ?? undefined}
                  controls
                  autoPlay
                  muted
                  loop
                  playsInline
                  aria-label={`Video: ${item.name}`}
                  className="max-h-[60dvh] w-full"
                />
              ) : (
                <img
                  src={item.mediaUrl}
                  alt={item.name}
                  className="max-h-[60dvh] w-auto max-w-full object-contain"
                />
              )
            ) : (
              <p className="p-10 text-sm text-white/80">The file of this item is missing.</p>
            )}
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted-foreground">Dimensions</dt>
              <dd className="font-medium tabular-nums">
                {formatDimensions(item.width, item.height)}
              </dd>
            </div>
            {item.durationMs != null && (
              <div>
                <dt className="text-xs text-muted-foreground">Duration</dt>
                <dd className="font-medium tabular-nums">{formatDuration(item.durationMs)}</dd>
              </div>
            )}
            <div>
              <dt className="text-xs text-muted-foreground">Size</dt>
              <dd className="font-medium tabular-nums">{formatBytes(item.sizeBytes)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Type</dt>
              <dd className="font-medium">{item.contentType}</dd>
            </div>
          </dl>
          <DialogFooter>
            {item.mediaUrl && (
              <Button variant="ghost" asChild>
                <a href={item.mediaUrl} download={downloadNameOf(item)}>
                  <Download aria-hidden />
                  Download
                </a>
              </Button>
            )}
            <Button variant="outline" onClick={() => onAction('rename', item)}>
              <Pencil aria-hidden />
              Rename
            </Button>
            <Button
              variant="outline"
              className="text-danger hover:bg-danger-soft"
              onClick={() => onAction('delete', item)}
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
