import { useState } from 'react';
import { Link } from 'react-router';
import { Check, FileImage, ImageOff } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { ListLoadError, ListLoading } from '@/components/ui/list-states';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useLibraryPages } from '@/lib/api/library-pages';

function Thumbnail({ item }: { item: TContentItem }) {
  const [hasFailed, setHasFailed] = useState(false);
  if (!item.mediaUrl || hasFailed) {
    return (
      <span className="flex size-full items-center justify-center bg-surface-muted text-muted-foreground">
        <FileImage aria-hidden className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={item.mediaUrl}
      alt=""
      loading="lazy"
      onError={() => setHasFailed(true)}
      className="size-full object-contain"
    />
  );
}

function ReceiptChoices({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (item: TContentItem) => void;
}) {
  const list = useLibraryPages('receipt-picker', { kind: 'image' });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isPending) return <ListLoading label="Loading your images" />;
  if (list.isError) {
    return (
      <ListLoadError
        title="Your images could not be loaded."
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  }
  if (items.length === 0) {
    return (
      <div className="mt-4 grid justify-items-center gap-2 rounded-lg border border-dashed border-input px-4 py-8 text-center text-sm">
        <ImageOff aria-hidden className="size-6 text-muted-foreground" />
        <p>Your library has no images yet.</p>
        <Link to={paths.content.library} className="font-medium text-primary hover:underline">
          Upload the receipt in Content
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul
        aria-label="Your images"
        className="mt-4 grid max-h-[55dvh] grid-cols-2 gap-3 overflow-y-auto p-0.5 sm:grid-cols-3"
      >
        {items.map((item) => {
          const isSelected = item.id === selectedId;
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-label={`Use ${item.name}`}
                aria-pressed={isSelected}
                onClick={() => onSelect(item)}
                className={cn(
                  'relative grid w-full cursor-pointer gap-1 rounded-lg border p-1 text-left transition-colors hover:border-primary',
                  isSelected ? 'border-primary ring-2 ring-primary/40' : 'border-border',
                )}
              >
                <span className="block aspect-video overflow-hidden rounded-md">
                  <Thumbnail item={item} />
                </span>
                <span className="truncate px-1 pb-0.5 text-xs font-medium">{item.name}</span>
                {isSelected && (
                  <span className="absolute top-2 right-2 flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground">
                    <Check aria-hidden className="size-4" />
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {list.hasNextPage && (
        <div className="mt-3 flex justify-center">
          <Button
            variant="outline"
            size="sm"
            isPending={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      )}
    </>
  );
}

/** Picks a top-up's receipt among the images of the user's content library. */
export function ReceiptPickerDialog({
  open,
  onOpenChange,
  selectedId,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedId: string | null;
  onSelect: (item: TContentItem) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Choose a receipt</DialogTitle>
        <DialogDescription>
          An image from your content library: a photo or screenshot of the transfer.
        </DialogDescription>
        {open && (
          <ReceiptChoices
            selectedId={selectedId}
            onSelect={(item) => {
              onSelect(item);
              onOpenChange(false);
            }}
          />
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
