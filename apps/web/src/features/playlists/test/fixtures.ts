import { vi } from 'vitest';
import type { TContentItem } from '@screenline/shared/content';
import type { TPlaylistDetail, TPlaylistSummary } from '@screenline/shared/playlist';
import { jsonResponse, makeContentItem } from '@/test/fixtures';

export const PLAYLIST_ID = '10000000-0000-4000-8000-000000000001';

export function contentItem(index: number, overrides: Partial<TContentItem> = {}): TContentItem {
  return makeContentItem({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Item ${index}`,
    objectPath: `users/user-1/content/x-${index}.png`,
    mediaUrl: `/media/${index}`,
    ...overrides,
  });
}

export const SUNRISE = contentItem(1, { name: 'Sunrise' });
export const CLIP = contentItem(2, {
  name: 'Clip',
  kind: 'video',
  contentType: 'video/mp4',
  durationMs: 12_000,
  posterUrl: '/poster/2',
});
export const MENU = contentItem(3, { name: 'Menu board' });

export function makeSummary(overrides: Partial<TPlaylistSummary> = {}): TPlaylistSummary {
  return {
    id: PLAYLIST_ID,
    name: 'Morning loop',
    version: 3,
    itemCount: 3,
    durationSeconds: 37,
    adSlotSeconds: 15,
    usage: { defaultFor: [], scheduledOn: [] },
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** Morning loop: Sunrise (10 s), Clip (video, 12 s), an ad slot (15 s). */
export function makeDetail(overrides: Partial<TPlaylistDetail> = {}): TPlaylistDetail {
  return {
    ...makeSummary(),
    items: [
      { id: 'a', type: 'content', contentId: SUNRISE.id, kind: 'image', durationSeconds: 10 },
      { id: 'b', type: 'content', contentId: CLIP.id, kind: 'video' },
      { id: 'c', type: 'adSlot', lengthSeconds: 15 },
    ],
    content: [SUNRISE, CLIP],
    ...overrides,
  };
}

type THandler = (request: { method: string; url: URL; body: unknown }) => Response | undefined;

/** A fetch stub: each request goes to the handlers in turn; unanswered ones get a 404. */
export function stubApi(handler: THandler) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://app.test');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, path: url.pathname + url.search, body });
      const response = handler({ method, url, body });
      return Promise.resolve(
        response ?? jsonResponse({ error: { code: 'not-found', message: 'Not here.' } }, 404),
      );
    }),
  );
  return requests;
}
