import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, ImageOff, Search } from 'lucide-react';
import type { TContentItem, TContentKind } from '@screenline/shared/content';
import { MediaThumbnail, kindIcon, pictureOf } from '@/components/media-thumbnail';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { ListLoadError, LoadMore } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { useLibraryPages } from '@/lib/api/library-pages';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const handle = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(handle);
  }, [value, delayMs]);
  return debounced;
}

type TSource = {
  /** Names this picker's pages in the query cache (see useLibraryPages). */
  picker: string;
  /** Images only; otherwise images and videos. */
  kind?: TContentKind;
  /** Offers a search box (by name). */
  isSearchable: boolean;
  /** Offers only items ready to play, and says how many are still processing. */
  isReadyOnly: boolean;
  /** The list's accessible name ("Your library") and its spinner's ("Loading your library"). */
  listLabel: string;
  loadingLabel: string;
  /** What an empty library says, and the link to the library to fill it. */
  empty: { text: string; linkLabel: string };
  /** A second line under the name (size, length), if any. */
  describe?: (item: TContentItem) => string;
};

type TChoice = {
  label: string;
  isSelected: boolean;
  isDisabled: boolean;
  onClick: () => void;
};

function Choices({
  source,
  query,
  choose,
}: {
  source: TSource;
  query: string;
  choose: (item: TContentItem) => TChoice;
}) {
  const list = useLibraryPages(source.picker, {
    q: query,
    ...(source.kind && { kind: source.kind }),
  });
  const loaded = list.data?.pages.flatMap((page) => page.items) ?? [];
  // Only ready items can play: one still processing (or failed) has no playable file yet.
  const items = source.isReadyOnly
    ? loaded.filter((item) => item.processingState === 'ready')
    : loaded;
  const notReady = loaded.length - items.length;

  if (list.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={source.loadingLabel} className="text-primary" />
      </div>
    );
  }
  if (list.isError) {
    return (
      <div className="mt-4">
        <ListLoadError
          title={`${source.listLabel} could not be loaded.`}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      </div>
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
            <p>{source.empty.text}</p>
            <Link to={paths.content.library} className="font-medium text-primary hover:underline">
              {source.empty.linkLabel}
            </Link>
          </>
        )}
      </div>
    );
  }
  return (
    <>
      <ul
        aria-label={source.listLabel}
        className="mt-4 grid max-h-[50dvh] grid-cols-2 gap-3 overflow-y-auto p-0.5 sm:grid-cols-3"
      >
        {items.map((item) => {
          const choice = choose(item);
          const detail = source.describe?.(item);
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-label={choice.label}
                aria-pressed={choice.isSelected}
                disabled={choice.isDisabled}
                onClick={choice.onClick}
                className={cn(
                  'relative grid w-full cursor-pointer gap-1 rounded-lg border p-1 text-left transition-colors hover:border-primary disabled:cursor-not-allowed disabled:opacity-50',
                  choice.isSelected ? 'border-primary ring-2 ring-primary/40' : 'border-border',
                )}
              >
                <span className="block aspect-video overflow-hidden rounded-md">
                  <MediaThumbnail src={pictureOf(item)} icon={kindIcon(item.kind)} />
                </span>
                <span className={cn('truncate px-1 text-xs font-medium', !detail && 'pb-0.5')}>
                  {item.name}
                </span>
                {detail && (
                  <span className="px-1 pb-0.5 text-xs text-muted-foreground tabular-nums">
                    {detail}
                  </span>
                )}
                {choice.isSelected && (
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
      <LoadMore list={list} />
    </>
  );
}

/** The source of a picker of one image (a background, a receipt): every image, no search. */
export const IMAGE_SOURCE = {
  kind: 'image',
  isSearchable: false,
  isReadyOnly: false,
  listLabel: 'Your images',
  loadingLabel: 'Loading your images',
} as const;

/** One item, chosen with a click that closes the dialog (a background, a receipt). */
type TPickOne = {
  selection: 'one';
  selectedId: string | null;
  onSelect: (item: TContentItem) => void;
  /** Buttons beside Cancel (say, one that clears the choice). */
  extraActions?: ReactNode;
};

/** Several items, added together in the order they were picked (playlist items, creatives). */
type TPickMany = {
  selection: 'many';
  onAdd: (items: TContentItem[]) => void;
  /** The Add button's text for this many picked items. */
  addLabel: (count: number) => string;
  /** How many more fit; once that many are picked, the others are disabled. */
  room?: number;
  /** Items already in place: shown picked but disabled, and named with `chosenLabel`. */
  chosenIds?: ReadonlySet<string>;
  chosenLabel?: (item: TContentItem) => string;
};

/** What the opener controls: the features' picker wrappers take these and pass them on. */
export type TPickerDialogState = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on close (Radix returns it to what had it before, unless prevented). */
  onCloseAutoFocus?: (event: Event) => void;
};

export type TLibraryPickerDialogProps = TPickerDialogState & {
  title: string;
  description: ReactNode;
} & Omit<TSource, 'isSearchable' | 'isReadyOnly' | 'listLabel' | 'loadingLabel'> &
  Partial<Pick<TSource, 'isSearchable' | 'isReadyOnly' | 'listLabel' | 'loadingLabel'>> &
  (TPickOne | TPickMany);

/**
 * Picks images and videos from the signed-in user's content library: the one dialog behind every
 * feature that chooses library items (a playlist's items, a campaign's creatives, house ads, a
 * generated slide's background, a top-up's receipt).
 */
export function LibraryPickerDialog(props: TLibraryPickerDialogProps) {
  const { open, onOpenChange, onCloseAutoFocus, title, description } = props;
  const source: TSource = {
    picker: props.picker,
    ...(props.kind && { kind: props.kind }),
    isSearchable: props.isSearchable ?? true,
    isReadyOnly: props.isReadyOnly ?? true,
    listLabel: props.listLabel ?? 'Your library',
    loadingLabel: props.loadingLabel ?? 'Loading your library',
    empty: props.empty,
    ...(props.describe && { describe: props.describe }),
  };
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<TContentItem[]>([]);
  const query = useDebounced(source.isSearchable ? search.trim() : '', SEARCH_DELAY_MS);

  const close = (isOpen: boolean) => {
    if (!isOpen) {
      setSearch('');
      setSelected([]);
    }
    onOpenChange(isOpen);
  };

  const chooseOne = (pick: TPickOne) => (item: TContentItem) => ({
    label: `Use ${item.name}`,
    isSelected: item.id === pick.selectedId,
    isDisabled: false,
    onClick: () => {
      pick.onSelect(item);
      close(false);
    },
  });
  const chooseMany = (pick: TPickMany) => (item: TContentItem) => {
    const isChosen = pick.chosenIds?.has(item.id) ?? false;
    const isSelected = selected.some((choice) => choice.id === item.id);
    const isFull = pick.room !== undefined && selected.length >= pick.room;
    return {
      label: isChosen && pick.chosenLabel ? pick.chosenLabel(item) : item.name,
      isSelected: isChosen || isSelected,
      isDisabled: isChosen || (!isSelected && isFull),
      onClick: () =>
        setSelected((current) =>
          current.some((choice) => choice.id === item.id)
            ? current.filter((choice) => choice.id !== item.id)
            : [...current, item],
        ),
    };
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {source.isSearchable && (
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
        )}
        {open && (
          <Choices
            source={source}
            query={query}
            choose={props.selection === 'one' ? chooseOne(props) : chooseMany(props)}
          />
        )}
        <DialogFooter>
          {props.selection === 'one' && props.extraActions}
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          {props.selection === 'many' && (
            <Button
              disabled={selected.length === 0}
              onClick={() => {
                props.onAdd(selected);
                close(false);
              }}
            >
              {props.addLabel(selected.length)}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
