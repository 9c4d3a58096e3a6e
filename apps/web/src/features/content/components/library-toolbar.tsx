import { useEffect, useState } from 'react';
import { LayoutGrid, List, Search, X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Select } from '@/components/ui/select';
import type { TContentView } from '@/features/content/hooks/use-content-view';
import {
  isLibrarySort,
  LIBRARY_SORTS,
  type TKindFilter,
  type TLibraryFilters,
} from '@/features/content/utils/library-filters';

const SEARCH_DEBOUNCE_MS = 300;

const KIND_SEGMENTS = [
  { value: 'all', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'video', label: 'Videos' },
] as const;

const VIEW_SEGMENTS = [
  { value: 'grid', label: <LayoutGrid aria-hidden />, ariaLabel: 'Grid view' },
  { value: 'list', label: <List aria-hidden />, ariaLabel: 'List view' },
] as const;

/** Search (debounced, by the server), type filter, sort and the grid/list switch. */
export function LibraryToolbar({
  filters,
  onChange,
  view,
  onViewChange,
}: {
  filters: TLibraryFilters;
  /** Called with only what changed; the page merges it into the latest filters. */
  onChange: (changes: Partial<TLibraryFilters>) => void;
  view: TContentView;
  onViewChange: (view: TContentView) => void;
}) {
  const [search, setSearch] = useState(filters.q);
  const [lastQ, setLastQ] = useState(filters.q);
  // The URL changed under us (back button, "Clear filters"): show what it says.
  if (filters.q !== lastQ) {
    setLastQ(filters.q);
    setSearch(filters.q);
  }

  useEffect(() => {
    if (search.trim() === filters.q) return undefined;
    const timer = window.setTimeout(() => onChange({ q: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters, onChange]);

  return (
    <div className="mb-5 flex flex-wrap items-center gap-3">
      <div className="relative min-w-0 flex-[1_1_16rem]">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search by name"
          placeholder="Search by name"
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
        />
        {search && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => setSearch('')}
            className="absolute top-1/2 right-2 inline-flex size-6 -translate-y-1/2 cursor-pointer items-center justify-center rounded text-muted-foreground hover:text-foreground"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      <SegmentedControl<TKindFilter>
        label="Type"
        value={filters.kind}
        onChange={(kind) => onChange({ kind })}
        segments={KIND_SEGMENTS}
      />
      <Select
        aria-label="Sort"
        value={filters.sort}
        onChange={(event) => {
          const sort = event.target.value;
          if (isLibrarySort(sort)) onChange({ sort });
        }}
        className="w-40"
      >
        {Object.entries(LIBRARY_SORTS).map(([value, { label }]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
      <SegmentedControl<TContentView>
        label="View"
        value={view}
        onChange={onViewChange}
        segments={VIEW_SEGMENTS}
        className="ml-auto"
      />
    </div>
  );
}
