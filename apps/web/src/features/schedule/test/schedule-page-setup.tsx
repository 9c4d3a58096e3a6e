// What the schedule page's tests (routes/schedule-page*.test.tsx) share: the playlists, a fetch
// stub of the API that records requests, the page rendered at a URL, and grid helpers.
import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import type { TPlaying, TScheduleEntryView } from '@screenline/shared/schedule';
import type { TScreenGroup } from '@screenline/shared/screen-group';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { makeAdSpace, makePlaylist, page, uuid } from '@/test/screens-fixtures';
import { SchedulePage } from '@/features/schedule/routes/schedule-page';
import { HOUR_HEIGHT_PX } from '@/features/schedule/components/week-view';

export type TRequest = { method: string; path: string; search: URLSearchParams; body: unknown };

export const breakfast = makePlaylist();
export const coffee = makePlaylist({ id: uuid(302), name: 'Coffee promo' });
export const lateShow = makePlaylist({ id: uuid(303), name: 'Late show' });

/**
 * Answers the schedule page's calls from the given data; `playing` answers
 * GET …/playing?at=, `onWrite` POST/PATCH/DELETE of entries. Records every request.
 */
export function stubApi({
  adSpaces = [makeAdSpace()],
  playlists = [breakfast, coffee, lateShow],
  entries = [],
  groups = [],
  playing,
  playingNow,
  onWrite,
}: {
  /** GET /api/v1/screen-groups; a group entry is listed for every space asked about. */
  groups?: TScreenGroup[];
  /** A function answers with the spaces as they are at each request. */
  adSpaces?: TAdSpace[] | (() => TAdSpace[]);
  playlists?: TPlaylistSummary[];
  entries?: TScheduleEntryView[];
  playing?: (at: string) => TPlaying;
  /** GET …/playing without `at`: now. */
  playingNow?: () => TPlaying;
  onWrite?: (request: TRequest) => Response;
}) {
  const requests: TRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://app.test');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const request = { method, path: parsed.pathname, search: parsed.searchParams, body };
      requests.push(request);
      const respond = (value: unknown, status = 200) =>
        Promise.resolve(jsonResponse(value, status));
      if (method !== 'GET' && onWrite) return Promise.resolve(onWrite(request));
      if (parsed.pathname === '/api/v1/ad-spaces') {
        return respond(page(typeof adSpaces === 'function' ? adSpaces() : adSpaces));
      }
      if (parsed.pathname === '/api/v1/playlists') return respond(page(playlists));
      if (parsed.pathname === '/api/v1/schedule-entries') {
        const adSpaceId = parsed.searchParams.get('adSpaceId');
        return respond(
          page(entries.filter((entry) => entry.adSpaceId === adSpaceId || entry.groupId !== null)),
        );
      }
      if (parsed.pathname === '/api/v1/screen-groups') return respond({ items: groups });
      const at = parsed.searchParams.get('at');
      if (parsed.pathname.endsWith('/playing') && at && playing) return respond(playing(at));
      if (parsed.pathname.endsWith('/playing') && !at && playingNow) return respond(playingNow());
      return respond({ error: { code: 'not-found', message: 'Not found.' } }, 404);
    }),
  );
  return requests;
}

export function renderPage(entry: string) {
  const router = createMemoryRouter([{ path: '/advertiser/schedule', Component: SchedulePage }], {
    initialEntries: [entry],
  });
  renderWithAuth(router, makeAuth(makeUser()));
  return router;
}

export const px = (hours: number) => `${hours * HOUR_HEIGHT_PX}px`;

/** The grid's column of a day, by its accessible name ("Friday 9 January 2026"). */
export const column = (name: RegExp) => screen.getByRole('group', { name });

/** Makes the phone layout apply (below 768 px). */
export function usePhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !query.includes('min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
