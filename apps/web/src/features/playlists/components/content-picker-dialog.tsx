import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Check, ImageOff, Search } from 'lucide-react';
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
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useLibraryPages } from '@/lib/api/library-pages';
import { ItemThumbnail } from '@/features/playlists/components/content-thumbnail';
import { formatClock } from '@/features/playlists/utils/durations';

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(handle);
  }, [value, delayMs]);
  return debounced;
}

function describe(item: TContentItem): string {
  if (item.kind === 'video') {
    return item.durationMs === null ? 'Video' : `Video · ${formatClock(item.durationMs)}`;
  }
  return `Image · ${item.width} × ${item.height}`;
}

function Choices({
  query,
  selected,
  onToggle,
}: {
  query: string;
  selected: readonly TContentItem[];
  onToggle: (item: TContentItem) => void;
}) {
  const list = useLibraryPages('playlist-picker', { q: query });
  const loaded = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Only ready items can play: one still processing (or failed) has no playable file yet.
  const items = loaded.filter((item) => item.processingState === 'ready');
  const notReady = loaded.length - items.length;

  if (list.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading your library" className="text-primary" />
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
        {query ? (
          <p>Nothing in your library matches “{query}”.</p>
        ) : (
          <>
            <p>Your library has no images or videos ready to play yet.</p>
            <Link to={paths.content.library} className="font-medium text-primary hover:underline">
              Upload content
            </Link>
          </>
        )}
      </div>
    );
  }
  return (
    <>
      <ul
        aria-label="Your library"
        className="mt-4 grid max-h-[50dvh] grid-cols-2 gap-3 overflow-y-auto p-0.5 sm:grid-cols-3"
      >
        {items.map((item) => {
          const isSelected = selected.some((choice) => choice.id === item.id);
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-label={item.name}
                aria-pressed={isSelected}
                onClick={() => onToggle(item)}
                className={cn(
                  'relative grid w-full cursor-pointer gap-1 rounded-lg border p-1 text-left transition-colors hover:border-primary',
                  isSelected ? 'border-primary ring-2 ring-primary/40' : 'border-border',
                )}
              >
                <span className="block aspect-video overflow-hidden rounded-md">
                  <ItemThumbnail content={item} />
                </span>
                <span className="truncate px-1 text-xs font-medium">{item.name}</span>
                <span className="px-1 pb-0.5 text-xs text-muted-foreground tabular-nums">
                  {describe(item)}
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
      {notReady > 0 && (
        <p className="mt-2 text-xs text-muted-foreground">
          {notReady === 1
            ? '1 item is still processing and cannot be added yet.'
            : `${notReady} items are still processing and cannot be added yet.`}
        </p>
      )}
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

/**
 * Picks images and videos from the library (ready ones only), several at a time, in the order
 * they were picked.
 */
export function ContentPickerDialog({
  open,
  onOpenChange,
  onAdd,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdd: (items: TContentItem[]) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<TContentItem[]>([]);
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);

  const close = (isOpen: boolean) => {
    if (!isOpen) {
      setSearch('');
      setSelected([]);
    }
    onOpenChange(isOpen);
  };
  const toggle = (item: TContentItem) =>
    setSelected((current) =>
      current.some((choice) => choice.id === item.id)
        ? current.filter((choice) => choice.id !== item.id)
        : [...current, item],
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Add from your library</DialogTitle>
        <DialogDescription>
          Pick images and videos; they are added in the order you pick them.
        </DialogDescription>
        <div className="relative mt-4">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search your library"
            placeholder="Search by name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        {open && <Choices query={query} selected={selected} onToggle={toggle} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={selected.length === 0}
            onClick={() => {
              onAdd(selected);
              close(false);
            }}
          >
            {selected.length === 0
              ? 'Add'
              : selected.length === 1
                ? 'Add 1 item'
                : `Add ${selected.length} items`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
