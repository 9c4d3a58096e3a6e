import type { TContentKind, TContentSort, TSortOrder } from '@screenline/shared/content';

/** The library's sort choices and what each asks the API for. */
export const LIBRARY_SORTS = {
  newest: { label: 'Newest first', sort: 'createdAt', order: 'desc' },
  oldest: { label: 'Oldest first', sort: 'createdAt', order: 'asc' },
  name: { label: 'Name (A–Z)', sort: 'name', order: 'asc' },
  size: { label: 'Largest first', sort: 'size', order: 'desc' },
} as const satisfies Record<string, { label: string; sort: TContentSort; order: TSortOrder }>;

export type TLibrarySort = keyof typeof LIBRARY_SORTS;
export type TKindFilter = 'all' | TContentKind;

/** Filters live in the URL (?type=&q=&sort=), so a view can be shared and survives a reload. */
export type TLibraryFilters = { kind: TKindFilter; q: string; sort: TLibrarySort };

export function isLibrarySort(value: string): value is TLibrarySort {
  return Object.hasOwn(LIBRARY_SORTS, value);
}

export function readLibraryFilters(params: URLSearchParams): TLibraryFilters {
  const type = params.get('type');
  const sort = params.get('sort') ?? '';
  return {
    kind: type === 'image' || type === 'video' ? type : 'all',
    q: (params.get('q') ?? '').slice(0, 200),
    sort: isLibrarySort(sort) ? sort : 'newest',
  };
}

export function writeLibraryFilters(filters: TLibraryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind !== 'all') params.set('type', filters.kind);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  return params;
}
