import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Check, FileImage, FileVideo, ImageOff, Search } from 'lucide-react';
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
import { LoadMore } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { useLibraryPages } from '@/lib/api/library-pages';

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(handle);
  }, [value, delayMs]);
  return debounced;
}

/** The item's picture (image, or a video's poster), or an icon. */
function Picture({ item }: { item: TContentItem }) {
  const src = item.kind === 'image' ? item.mediaUrl : item.posterUrl;
  const [hasFailed, setFailed] = useState(false);
  if (!src || hasFailed) {
    const Icon = item.kind === 'video' ? FileVideo : FileImage;
    return (
      <span className="flex size-full items-center justify-center bg-surface-muted text-muted-foreground">
        <Icon aria-hidden className="size-5" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-full bg-surface-muted object-contain"
    />
  );
}

function Choices({
  query,
  chosenIds,
  selected,
  onToggle,
}: {
  query: string;
  /** Already house ads: shown as chosen, not offered again. */
  chosenIds: ReadonlySet<string>;
  selected: readonly TContentItem[];
  onToggle: (item: TContentItem) => void;
}) {
  const list = useLibraryPages('house-ad-picker', { q: query });
  const loaded = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Only ready items have a playable file.
  const items = loaded.filter((item) => item.processingState === 'ready');

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
          const isChosen = chosenIds.has(item.id);
          const isSelected = isChosen || selected.some((choice) => choice.id === item.id);
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-label={isChosen ? `${item.name} (already a house ad)` : item.name}
                aria-pressed={isSelected}
                disabled={isChosen}
                onClick={() => onToggle(item)}
                className={cn(
                  'relative grid w-full cursor-pointer gap-1 rounded-lg border p-1 text-left transition-colors hover:border-primary disabled:cursor-not-allowed disabled:opacity-60',
                  isSelected ? 'border-primary ring-2 ring-primary/40' : 'border-border',
                )}
              >
                <span className="block aspect-video overflow-hidden rounded-md">
                  <Picture item={item} />
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
      <LoadMore list={list} />
    </>
  );
}

/** Picks house ads from the super-user's own library (ready images and videos). */
export function HouseAdPickerDialog({
  open,
  onOpenChange,
  chosenIds,
  room,
  onAdd,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chosenIds: ReadonlySet<string>;
  /** How many more house ads fit (ZUpdateAdPlaylist allows 20). */
  room: number;
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
  const isOverRoom = selected.length > room;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>Add house ads</DialogTitle>
        <DialogDescription>
          From your own library. House ads fill the slots when no campaign can, and are not billed.
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
        {open && (
          <Choices query={query} chosenIds={chosenIds} selected={selected} onToggle={toggle} />
        )}
        {isOverRoom && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {room === 1 ? 'Only 1 more house ad fits.' : `Only ${room} more house ads fit.`}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            disabled={selected.length === 0 || isOverRoom}
            onClick={() => {
              onAdd(selected);
              close(false);
            }}
          >
            {selected.length === 0
              ? 'Add'
              : selected.length === 1
                ? 'Add 1 house ad'
                : `Add ${selected.length} house ads`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
