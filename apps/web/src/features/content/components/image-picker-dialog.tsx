import { Link } from 'react-router';
import { Check, ImageOff } from 'lucide-react';
import type { TContentItem } from '@screenline/shared/content';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useContentList } from '@/features/content/api/list-content';
import { ContentThumbnail } from '@/features/content/components/content-thumbnail';
import { formatDimensions } from '@/features/content/utils/format';
import { paths } from '@/lib/paths';

function ImageChoices({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (item: TContentItem) => void;
}) {
  const list = useContentList({ kind: 'image', sort: 'createdAt', order: 'desc', limit: 24 });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  if (list.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading your images" className="text-primary" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <Alert tone="error" className="mt-4">
        {errorMessage(list.error)}
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <div className="mt-4 grid justify-items-center gap-2 rounded-lg border border-dashed border-input px-4 py-8 text-center text-sm">
        <ImageOff aria-hidden className="size-6 text-muted-foreground" />
        <p>Your library has no images yet.</p>
        <Link to={paths.content.library} className="font-medium text-primary hover:underline">
          Upload images in Content
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
                  <ContentThumbnail item={item} />
                </span>
                <span className="truncate px-1 text-xs font-medium">{item.name}</span>
                <span className="px-1 pb-0.5 text-xs text-muted-foreground tabular-nums">
                  {formatDimensions(item.width, item.height)}
                </span>
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

/** Picks a background image from the user's library. */
export function ImagePickerDialog({
  open,
  onOpenChange,
  selectedId,
  onSelect,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selectedId: string | null;
  onSelect: (item: TContentItem | null) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Choose a background image</DialogTitle>
        <DialogDescription>
          Images from your library. It is cropped to fill its area.
        </DialogDescription>
        {open && (
          <ImageChoices
            selectedId={selectedId}
            onSelect={(item) => {
              onSelect(item);
              onOpenChange(false);
            }}
          />
        )}
        <DialogFooter>
          {selectedId && (
            <Button
              variant="ghost"
              onClick={() => {
                onSelect(null);
                onOpenChange(false);
              }}
            >
              No background image
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
