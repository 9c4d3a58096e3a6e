import { screen, within } from '@testing-library/react';
import { format } from 'date-fns';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TScheduleEntryView } from '@screenline/shared/schedule';
import { jsonResponse, makeAuth, makeContentItem, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import {
  makeAdSpace,
  makeEntry,
  makeLocation,
  makePlaylist,
  page,
  uuid,
} from '@/test/screens-fixtures';
import { AdvertiserDashboardPage } from '@/features/dashboard/routes/advertiser-dashboard-page';

type TData = {
  /** Single answers (the wallet, the earnings) by path. */
  answers?: Record<string, unknown>;
  locations?: unknown[];
  adSpaces?: TAdSpace[];
  playlists?: unknown[];
  entries?: TScheduleEntryView[];
  content?: unknown[];
};

function renderDashboard(data: TData) {
  const lists: Record<string, unknown[]> = {
    '/api/v1/locations': data.locations ?? [],
    '/api/v1/ad-spaces': data.adSpaces ?? [],
    '/api/v1/playlists': data.playlists ?? [],
    '/api/v1/schedule-entries': data.entries ?? [],
    '/api/v1/content': data.content ?? [],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const { pathname } = new URL(url, 'http://app.test');
      const items = lists[pathname];
      const answer = data.answers?.[pathname];
      return Promise.resolve(
        items
          ? jsonResponse(page(items))
          : answer
            ? jsonResponse(answer)
            : jsonResponse({ error: { code: 'not-found', message: 'Not found.' } }, 404),
      );
    }),
  );
  const router = createMemoryRouter(
    [{ path: '/advertiser/dashboard', Component: AdvertiserDashboardPage }],
    { initialEntries: ['/advertiser/dashboard'] },
  );
  renderWithAuth(router, makeAuth(makeUser()));
}

/** A step of the checklist, by its title. */
const step = async (name: string) => {
  const checklist = await screen.findByRole(
    'region',
    { name: 'Getting started' },
    { timeout: 3000 },
  );
  return within(checklist).getByText(name).closest('li') as HTMLElement;
};
const isDone = (item: HTMLElement) => within(item).queryByText('Done') !== null;

const london = makeAdSpace({
  id: uuid(201),
  name: 'Bar screen',
  location: { id: uuid(101), name: 'The Crown', timeZone: 'Europe/London', city: 'London' },
  status: 'online',
  lastSeenAt: '2026-03-08T11:59:00.000Z',
  scheduleEntryCount: 1,
  playing: {
    at: '2026-03-08T12:00:00.000Z',
    localTime: '2026-03-08T12:00:00',
    timeZone: 'Europe/London',
    source: 'default',
    playlistId: uuid(300),
    scheduleEntryId: null,
    playlistName: 'Breakfast',
  },
  defaultPlaylist: { id: uuid(300), name: 'Breakfast' },
});

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  // Sunday 8 March 2026, noon UTC: the day New York's clocks go forward (a 23-hour day).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-08T12:00:00Z'));
});

describe('the first-run checklist', () => {
  it('ticks off what the data shows and counts the steps done', async () => {
    renderDashboard({
      locations: [makeLocation()],
      adSpaces: [makeAdSpace()],
      content: [makeContentItem()],
    });
    expect(isDone(await step('Add a location'))).toBe(true);
    expect(isDone(await step('Add an ad space'))).toBe(true);
    expect(isDone(await step('Upload content'))).toBe(true);
    expect(isDone(await step('Build a playlist'))).toBe(false);
    expect(isDone(await step('Schedule it'))).toBe(false);
    expect(isDone(await step('Connect a TV'))).toBe(false);
    expect(screen.getByText(/3 of 6 done/)).toBeVisible();
    expect(within(await step('Build a playlist')).getByRole('link')).toHaveAttribute(
      'href',
      '/advertiser/playlists/new',
    );
  });

  it('leaves a new owner with everything to do', async () => {
    renderDashboard({});
    expect(await screen.findByText(/0 of 6 done/)).toBeVisible();
    expect(screen.queryByText('Done')).toBeNull();
  });

  it('is gone once every step is done', async () => {
    renderDashboard({
      locations: [makeLocation()],
      adSpaces: [london],
      playlists: [makePlaylist()],
      entries: [makeEntry({ adSpaceId: london.id })],
      content: [makeContentItem()],
    });
    expect(await screen.findByRole('heading', { name: 'Your screens' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Read the guide for your role' })).toBeVisible();
  });
});

describe('the screens at a glance', () => {
  const newYork = makeAdSpace({
    scheduleEntryCount: 2,
    playing: {
      at: '2026-03-08T12:00:00.000Z',
      localTime: '2026-03-08T08:00:00',
      timeZone: 'America/New_York',
      source: 'schedule',
      playlistId: uuid(301),
      scheduleEntryId: uuid(401),
      playlistName: 'Morning loop',
    },
  });
  const idle = makeAdSpace({
    id: uuid(202),
    name: 'Back room',
    status: 'offline',
    lastSeenAt: '2026-03-01T10:00:00.000Z',
  });
  const data: TData = {
    locations: [makeLocation(), makeLocation({ id: uuid(101), name: 'The Crown' })],
    adSpaces: [newYork, london, idle],
    playlists: [makePlaylist(), makePlaylist({ id: uuid(301), name: 'Morning loop' })],
    entries: [
      // All day, every day: 23 hours on New York's spring-forward Sunday.
      makeEntry({
        id: uuid(401),
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '00:00',
        endTime: '00:00',
      }),
      makeEntry({
        id: uuid(402),
        weekdays: [7],
        startTime: '09:00',
        endTime: '10:00',
        priority: 90,
      }),
      // Every night 22:00–02:00 in London: today has Saturday's last 2 hours and its own first 2.
      makeEntry({
        id: uuid(403),
        adSpaceId: london.id,
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '22:00',
        endTime: '02:00',
      }),
    ],
  };

  it('counts locations, ad spaces by status and playlists', async () => {
    renderDashboard(data);
    const stats = within(await screen.findByRole('region', { name: 'At a glance' }));
    expect(await stats.findByText('3')).toBeVisible();
    const byStatus = within(stats.getByRole('list', { name: 'Ad spaces by status' }));
    expect(byStatus.getByText('1 online')).toBeVisible();
    expect(byStatus.getByText('1 offline')).toBeVisible();
    expect(byStatus.getByText('1 never connected')).toBeVisible();
    expect(stats.getAllByText('2')).toHaveLength(2);
  });

  it("shows what each screen plays now and today's scheduled hours on its own clock", async () => {
    renderDashboard(data);
    const screens = within(await screen.findByRole('region', { name: 'Your screens' }));
    const ny = within(screens.getByRole('listitem', { name: 'Window screen' }));
    expect(ny.getByText('Morning loop')).toBeVisible();
    expect(ny.getByText(/scheduled$/)).toBeVisible();
    expect(ny.getByText('23 h')).toBeVisible();

    const bar = within(screens.getByRole('listitem', { name: 'Bar screen' }));
    expect(bar.getByText('Breakfast')).toBeVisible();
    expect(bar.getByText(/default playlist/)).toBeVisible();
    expect(bar.getByText('4 h')).toBeVisible();
    expect(
      bar.getByRole('img', { name: 'Scheduled today 00:00–02:00, 22:00–24:00' }),
    ).toBeVisible();

    const back = within(screens.getByRole('listitem', { name: 'Back room' }));
    expect(back.getByText('Idle screen')).toBeVisible();
    expect(back.getByText('0 h')).toBeVisible();
  });

  it('shows each screen’s newest screenshot, or what it should be playing, linking to “On screen now”', async () => {
    const takenAt = '2026-03-08T11:58:00.000Z';
    const imageUrl = `/api/v1/ad-spaces/${london.id}/screenshot.jpg?v=${Date.parse(takenAt)}`;
    renderDashboard({
      ...data,
      answers: {
        '/api/v1/screenshots': {
          items: [
            {
              adSpaceId: london.id,
              deviceId: uuid(501),
              deviceName: 'Bar TV',
              takenAt,
              imageUrl,
              problem: null,
            },
            {
              adSpaceId: newYork.id,
              deviceId: uuid(502),
              deviceName: 'Window TV',
              takenAt,
              imageUrl: null,
              problem: 'The canvas was tainted.',
            },
          ],
        },
      },
    });
    const screens = within(await screen.findByRole('region', { name: 'Your screens' }));
    const bar = within(screens.getByRole('listitem', { name: 'Bar screen' }));
    const image = await bar.findByRole('img', {
      name: `Bar screen: on screen at ${format(new Date(takenAt), 'HH:mm')}`,
    });
    expect(image).toHaveAttribute('src', imageUrl);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image.closest('a')).toHaveAttribute('href', `/advertiser/ad-spaces?screen=${london.id}`);
    const ny = within(screens.getByRole('listitem', { name: 'Window screen' }));
    expect(
      ny.getByRole('link', { name: 'Window screen: Should be playing: Morning loop' }),
    ).toHaveAttribute('title', 'The canvas was tainted.');
    const back = within(screens.getByRole('listitem', { name: 'Back room' }));
    expect(back.getByRole('link', { name: 'Back room: No screenshot yet' })).toHaveAttribute(
      'href',
      `/advertiser/ad-spaces?screen=${uuid(202)}`,
    );
  });

  it('lists the screens needing attention and why', async () => {
    renderDashboard(data);
    const attention = within(
      await screen.findByRole('region', { name: 'Screens needing attention' }),
    );
    expect(attention.getByText('2 of 3 screens.')).toBeVisible();
    const ny = within(attention.getByRole('listitem', { name: 'Window screen' }));
    expect(ny.getByText(/No TV has connected to it yet/)).toBeVisible();
    expect(ny.queryByText(/Nothing scheduled/)).toBeNull();
    const back = within(attention.getByRole('listitem', { name: 'Back room' }));
    expect(back.getByText(/Offline/)).toBeVisible();
    expect(back.getByText(/Nothing scheduled and no default playlist/)).toBeVisible();
    expect(back.getByRole('link', { name: 'Schedule a playlist' })).toHaveAttribute(
      'href',
      `/advertiser/schedule?adSpace=${uuid(202)}`,
    );
    expect(attention.queryByRole('listitem', { name: 'Bar screen' })).toBeNull();
  });

  it('shows the earnings of this month and of all time, and what can be paid out', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-08T12:00:00.000Z'), toFake: ['Date'] });
    renderDashboard({
      ...data,
      answers: {
        '/api/v1/wallet': {
          availableMicros: 42_500_000,
          heldMicros: 0,
          pendingTopUpMicros: 0,
          lifetimeEarnedMicros: 310_250_000,
          lifetimeSpentMicros: 0,
        },
        '/api/v1/earnings': {
          from: '2026-03-01',
          to: '2026-03-08',
          totalMicros: 12_340_000,
          impressions: 400,
          byAdSpace: [],
          byDay: [],
          unbilled: [],
          settling: { plays: 0, shownMs: 0 },
        },
      },
    });
    const card = within(await screen.findByRole('region', { name: 'Earnings' }));
    expect(await card.findByText('€12.34')).toBeVisible();
    expect(card.getByText('This month').nextSibling).toHaveTextContent('€12.34');
    expect(card.getByText('All time').nextSibling).toHaveTextContent('€310.25');
    expect(card.getByText('Available').nextSibling).toHaveTextContent('€42.50');
    expect(card.getByRole('link', { name: 'Open Wallet' })).toHaveAttribute('href', '/wallet');
    expect(card.getByRole('link', { name: 'Open Monetize' })).toHaveAttribute(
      'href',
      '/advertiser/monetize',
    );
    expect(vi.mocked(fetch)).toHaveBeenCalledWith(
      '/api/v1/earnings?from=2026-03-01&to=2026-03-08',
      expect.anything(),
    );
  });
});
