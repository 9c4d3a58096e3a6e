// What the ad spaces page's TV tests (routes/ad-spaces-tv*.test.tsx) share: a plays report, a
// fetch stub of the API that records calls, the page rendered, and opening a space's report.
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TPlaysReport } from '@screenline/shared/player';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { makeLocation, page, uuid } from '@/test/screens-fixtures';
import { AdSpacesPage } from '@/features/ad-spaces/routes/ad-spaces-page';

export const MB = 1024 * 1024;
// 14:30 UTC on Monday 2 March 2026 is 09:30 in New York, the fixtures' location.
export const NOW = new Date('2026-03-02T14:30:00.000Z');

export function makeReport(overrides: Partial<TPlaysReport> = {}): TPlaysReport {
  return {
    adSpaceId: uuid(200),
    timeZone: 'America/New_York',
    from: '2026-02-24',
    to: '2026-03-02',
    totals: { plays: 1234, shownMs: 3 * 3_600_000 + 12 * 60_000 },
    byDay: [
      { day: '2026-02-24', plays: 100, shownMs: 1_000_000 },
      { day: '2026-02-25', plays: 0, shownMs: 0 },
      { day: '2026-02-26', plays: 300, shownMs: 2_000_000 },
      { day: '2026-02-27', plays: 200, shownMs: 1_500_000 },
      { day: '2026-02-28', plays: 334, shownMs: 2_500_000 },
      { day: '2026-03-01', plays: 150, shownMs: 1_200_000 },
      { day: '2026-03-02', plays: 150, shownMs: 3_320_000 },
    ],
    byItem: [
      {
        contentId: uuid(600),
        name: 'Summer sale.mp4',
        kind: 'video',
        ad: null,
        plays: 800,
        shownMs: 9_000_000,
      },
      {
        contentId: uuid(602),
        name: null,
        kind: 'image',
        ad: { campaignId: uuid(700), campaignName: 'Winter sale', advertiserName: 'Acme Outdoor' },
        plays: 400,
        shownMs: 2_000_000,
      },
      { contentId: uuid(601), name: null, kind: 'image', ad: null, plays: 300, shownMs: 1_800_000 },
      { contentId: null, name: null, kind: null, ad: null, plays: 134, shownMs: 720_000 },
    ],
    adPlays: { billed: 0, unbilled: [], settling: { plays: 0, shownMs: 0 } },
    gaps: [
      {
        deviceId: uuid(500),
        deviceName: 'Lobby TV',
        afterSequence: 120,
        beforeSequence: 124,
        missing: 3,
      },
    ],
    ...overrides,
  };
}

export type TCall = { method: string; path: string; search: string; accept: string | undefined };

export function stubApi({
  adSpaces,
  handler = () => undefined,
}: {
  adSpaces: TAdSpace[];
  handler?: (call: TCall) => Response | Promise<Response> | undefined;
}) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://app.test');
      const headers = new Headers(init?.headers);
      const call = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        search: parsed.search,
        accept: headers.get('accept') ?? undefined,
      };
      calls.push(call);
      const answer = handler(call);
      if (answer) return Promise.resolve(answer);
      if (call.path === '/api/v1/ad-spaces') return Promise.resolve(jsonResponse(page(adSpaces)));
      if (call.path === '/api/v1/locations') {
        return Promise.resolve(jsonResponse(page([makeLocation()])));
      }
      return Promise.resolve(
        jsonResponse({ error: { code: 'not-found', message: 'Route not found.' } }, 404),
      );
    }),
  );
  return calls;
}

export function renderPage(path = '/advertiser/ad-spaces') {
  const router = createMemoryRouter([{ path: '/advertiser/ad-spaces', Component: AdSpacesPage }], {
    initialEntries: [path],
  });
  renderWithAuth(router, makeAuth(makeUser()));
  return router;
}

export const playsCalls = (calls: TCall[]) =>
  calls.filter((call) => call.path === `/api/v1/ad-spaces/${uuid(200)}/plays`);

export async function openReport(user: ReturnType<typeof userEvent.setup>, name = 'Window screen') {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Proof of play' }));
  return screen.findByRole('dialog', { name: `Proof of play: “${name}”` });
}
