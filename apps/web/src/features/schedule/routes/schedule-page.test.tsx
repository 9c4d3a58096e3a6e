import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import type { TPlaying, TScheduleEntryView } from '@screenline/shared/schedule';
import type { TScreenGroup } from '@screenline/shared/screen-group';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { makeAdSpace, makeEntry, makePlaylist, page, uuid } from '@/test/screens-fixtures';
import { SchedulePage } from '@/features/schedule/routes/schedule-page';
import { HOUR_HEIGHT_PX } from '@/features/schedule/components/week-view';

type TRequest = { method: string; path: string; search: URLSearchParams; body: unknown };

const breakfast = makePlaylist();
const coffee = makePlaylist({ id: uuid(302), name: 'Coffee promo' });
const lateShow = makePlaylist({ id: uuid(303), name: 'Late show' });

/**
 * Answers the schedule page's calls from the given data; `playing` answers
 * GET …/playing?at=, `onWrite` POST/PATCH/DELETE of entries. Records every request.
 */
function stubApi({
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

function renderPage(entry: string) {
  const router = createMemoryRouter([{ path: '/advertiser/schedule', Component: SchedulePage }], {
    initialEntries: [entry],
  });
  renderWithAuth(router, makeAuth(makeUser()));
  return router;
}

const px = (hours: number) => `${hours * HOUR_HEIGHT_PX}px`;

/** The grid's column of a day, by its accessible name ("Friday 9 January 2026"). */
const column = (name: RegExp) => screen.getByRole('group', { name });

/** Makes the phone layout apply (below 768 px). */
function usePhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: !query.includes('min-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
});

describe('the week view', () => {
  it('draws a window that crosses midnight on the day it starts and the morning after', async () => {
    stubApi({
      entries: [
        makeEntry({
          id: uuid(401),
          playlistId: lateShow.id,
          playlistName: 'Late show',
          weekdays: [5],
          startTime: '22:00',
          endTime: '02:00',
        }),
      ],
    });
    renderPage('/advertiser/schedule?week=2026-01-05');
    expect(await screen.findByRole('heading', { name: /5 Jan – Sun 11 Jan 2026/ })).toBeVisible();
    expect(screen.getByText('America/New_York')).toBeVisible();

    const friday = within(
      await screen.findByRole('group', { name: /Friday, 9 January/ }),
    ).getByRole('button', { name: /Late show/ });
    expect(friday).toHaveAccessibleName(/Fri 9 Jan 22:00–02:00 next day/);
    expect(friday.style.top).toBe(px(22));
    expect(friday.style.height).toBe(px(2));
    const saturday = within(column(/Saturday, 10 January/)).getByRole('button', {
      name: /Late show/,
    });
    expect(saturday).toHaveAccessibleName(/continued from the day before/);
    expect(saturday.style.top).toBe(px(0));
    expect(saturday.style.height).toBe(px(2));
    // Thursday is not listed, so Friday morning has nothing from it.
    expect(within(column(/Friday, 9 January/)).getAllByRole('button')).toHaveLength(1);
    expect(within(column(/Thursday, 8 January/)).queryByRole('button')).toBeNull();
  });

  it('follows the spring-forward day in America/New_York: 23 hours, a skipped 02:30', async () => {
    stubApi({
      entries: [
        makeEntry({ id: uuid(401), weekdays: [7], startTime: '02:30', endTime: '04:00' }),
        makeEntry({
          id: uuid(402),
          playlistId: coffee.id,
          playlistName: 'Coffee promo',
          weekdays: [6],
          startTime: '22:00',
          endTime: '02:30',
        }),
      ],
    });
    renderPage('/advertiser/schedule?week=2026-03-04');
    const sunday = await screen.findByRole('group', { name: /Sunday, 8 March/ });
    expect(screen.getByText(/Clocks go forward 02:00 → 03:00 \(23 h day\)/)).toBeVisible();

    // 02:30 does not exist that night: the window starts at 03:30 (docs/schedule.md).
    const morning = within(sunday).getByRole('button', { name: /Breakfast/ });
    expect(morning.style.top).toBe(px(3.5));
    expect(morning.style.height).toBe(px(0.5));
    // Saturday 22:00–02:30 ends at 03:30 EDT on Sunday.
    const night = within(sunday).getByRole('button', { name: /Coffee promo/ });
    expect(night.style.top).toBe(px(0));
    expect(night.style.height).toBe(px(3.5));
  });

  it.each([
    ['America/Havana', '2026-03-02', /Sunday, 8 March/],
    ['America/Santiago', '2026-08-31', /Sunday, 6 September/],
  ])(
    'says the clocks go forward at midnight in %s, where the day starts at 01:00',
    { timeout: 30_000 },
    async (timeZone, week, sundayName) => {
      const location = { ...makeAdSpace().location, timeZone };
      stubApi({ adSpaces: [makeAdSpace({ location })] });
      renderPage(`/advertiser/schedule?week=${week}`);
      const sunday = await screen.findByRole('group', { name: sundayName });
      expect(screen.getByText('Clocks go forward 00:00 → 01:00 (23 h day)')).toBeVisible();
      // The skipped hour is the top of the Sunday column; Saturday has no change.
      const band = sunday.querySelector<HTMLElement>('[title^="Clocks go forward"]');
      expect(band?.style.top).toBe(px(0));
      expect(band?.style.height).toBe(px(1));
      expect(screen.getAllByText(/Clocks go/)).toHaveLength(1);
    },
  );

  it(
    'opens this week at the hour before now, under the header, with a "now" line in the space’s zone',
    { timeout: 30_000 },
    async () => {
      // 19:30 UTC is 14:30 in New York (UTC−5) on Wednesday 4 March 2026.
      vi.useFakeTimers({ now: new Date('2026-03-04T19:30:00.000Z'), toFake: ['Date'] });
      try {
        stubApi({});
        renderPage('/advertiser/schedule');
        const wednesday = await screen.findByRole('group', { name: /Wednesday, 4 March/ });
        const line = within(wednesday).getByRole('img', { name: 'Now, 14:30' });
        expect(line.style.top).toBe(px(14.5));
        expect(screen.getAllByRole('img', { name: /^Now,/ })).toHaveLength(1);
        // 13:00 with its label clear of the sticky day header, not 07:00.
        const grid = screen.getByRole('region', { name: 'Week grid' });
        expect(grid.scrollTop).toBe(13 * HOUR_HEIGHT_PX - 10);

        // Another week has no "now" line and opens at its first entry or 07:00.
        await userEvent.setup().click(screen.getByRole('button', { name: 'Next week' }));
        await screen.findByRole('group', { name: /Wednesday, 11 March/ });
        expect(screen.queryByRole('img', { name: /^Now,/ })).toBeNull();
        expect(grid.scrollTop).toBe(7 * HOUR_HEIGHT_PX - 10);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('lists the fall-back day day by day on a phone: 25 hours, the repeated hour counted', async () => {
    usePhoneWidth();
    stubApi({
      entries: [makeEntry({ id: uuid(401), weekdays: [7], startTime: '01:30', endTime: '03:00' })],
    });
    renderPage('/advertiser/schedule?week=2026-10-26');
    expect(await screen.findByText(/Clocks go back 02:00 → 01:00 \(25 h day\)/)).toBeVisible();
    expect(screen.queryByRole('group', { name: /Sunday/ })).toBeNull();
    const entry = screen.getByRole('button', { name: /Breakfast, Sun 1 Nov 01:30–03:00/ });
    // 01:30 EDT to 03:00 EST is two and a half hours.
    expect(entry).toHaveTextContent('2 h 30 min');
    expect(screen.getAllByText(/Nothing scheduled: shows the idle screen/)).toHaveLength(6);
  });

  it('shows which of two overlapping entries wins, and what the loser loses', async () => {
    stubApi({
      entries: [
        makeEntry({
          id: uuid(401),
          weekdays: [1],
          startTime: '08:00',
          endTime: '12:00',
          priority: 10,
        }),
        makeEntry({
          id: uuid(402),
          playlistId: coffee.id,
          playlistName: 'Coffee promo',
          weekdays: [1],
          startTime: '09:00',
          endTime: '10:00',
          priority: 50,
        }),
        makeEntry({
          id: uuid(403),
          playlistId: lateShow.id,
          playlistName: 'Late show',
          weekdays: [1],
          startTime: '10:30',
          endTime: '11:30',
          priority: 5,
        }),
      ],
    });
    renderPage('/advertiser/schedule?week=2026-03-02');
    const monday = await screen.findByRole('group', { name: /Monday, 2 March/ });

    const winner = within(monday).getByRole('button', { name: /^Coffee promo/ });
    expect(winner).toHaveAttribute('data-state', 'plays');
    expect(winner).not.toHaveAccessibleName(/hidden/);

    const partly = within(monday).getByRole('button', { name: /^Breakfast/ });
    expect(partly).toHaveAttribute('data-state', 'partly-hidden');
    expect(partly).toHaveAccessibleName(/hidden 09:00–10:00 by Coffee promo/);
    expect(partly).toHaveTextContent('Partly hidden by Coffee promo');

    const loser = within(monday).getByRole('button', { name: /Late show/ });
    expect(loser).toHaveAttribute('data-state', 'hidden');
    expect(loser).toHaveTextContent('Hidden by Breakfast');
    // Side by side: the overlapping blocks share the column.
    expect(partly.style.width).toBe('calc(50% - 4px)');
    expect(winner.style.left).toBe('calc(50% + 2px)');
  });

  it('moves week by week and back to this week, and remembers the ad space in the URL', async () => {
    const second = makeAdSpace({ id: uuid(201), name: 'Counter screen' });
    stubApi({ adSpaces: [makeAdSpace(), second] });
    const router = renderPage('/advertiser/schedule?week=2026-03-02');
    await screen.findByRole('heading', { name: /2 Mar – Sun 8 Mar 2026/ });
    expect(router.state.location.search).toContain(`adSpace=${uuid(200)}`);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: /9 Mar – Sun 15 Mar 2026/ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(await screen.findByRole('heading', { name: /23 Feb – Sun 1 Mar 2026/ })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(router.state.location.search).not.toContain('week=');
    expect(screen.getByRole('button', { name: 'This week' })).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Ad space'), 'Counter screen · Corner Café');
    await waitFor(() => expect(router.state.location.search).toContain(`adSpace=${uuid(201)}`));
  });
});

describe('empty states', () => {
  it('sends an owner without ad spaces to the ad spaces page', async () => {
    stubApi({ adSpaces: [] });
    renderPage('/advertiser/schedule');
    expect(await screen.findByRole('heading', { name: 'No ad spaces yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Add an ad space' })).toHaveAttribute(
      'href',
      '/advertiser/ad-spaces',
    );
  });

  it('sends an owner without playlists to build one', async () => {
    stubApi({ playlists: [] });
    renderPage('/advertiser/schedule');
    expect(await screen.findByText('No playlists yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Build your first playlist' })).toHaveAttribute(
      'href',
      '/advertiser/playlists/new',
    );
    expect(screen.getByRole('button', { name: 'New entry' })).toBeDisabled();
  });
});

describe('the entry form', () => {
  async function openNewEntry() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New schedule entry' });
    return { user, dialog };
  }

  it('checks the fields with the shared schema before sending anything', async () => {
    const requests = stubApi({});
    renderPage('/advertiser/schedule?week=2026-03-02');
    const { user, dialog } = await openNewEntry();
    const form = within(dialog);
    // Weekday checkboxes are named with Intl.
    for (const name of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]) {
      await user.click(form.getByRole('checkbox', { name }));
    }
    fireEvent.change(form.getByLabelText('First day'), { target: { value: '2026-03-10' } });
    fireEvent.change(form.getByLabelText('Last day (optional)'), {
      target: { value: '2026-03-01' },
    });
    await user.clear(form.getByLabelText('Priority'));
    await user.type(form.getByLabelText('Priority'), '150');
    await user.click(form.getByRole('button', { name: 'Add entry' }));

    expect(await form.findByText('Pick a playlist.')).toBeVisible();
    expect(form.getByText('Pick at least one weekday.')).toBeVisible();
    expect(form.getByText('The last day cannot be before the first day.')).toBeVisible();
    expect(form.getByText('From 0 to 100.')).toBeVisible();
    expect(form.getByLabelText('Priority')).toHaveAccessibleDescription(/From 0 to 100/);
    expect(requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('explains midnight crossing and the whole day as the times change', async () => {
    stubApi({});
    renderPage('/advertiser/schedule?week=2026-03-02');
    const { dialog } = await openNewEntry();
    const form = within(dialog);
    expect(form.getByText(/Higher wins where entries overlap/)).toBeVisible();
    fireEvent.change(form.getByLabelText('Start time'), { target: { value: '22:00' } });
    fireEvent.change(form.getByLabelText('End time'), { target: { value: '02:00' } });
    expect(
      await form.findByText(/Crosses midnight: it runs from 22:00 to 02:00 the next day/),
    ).toBeVisible();
    fireEvent.change(form.getByLabelText('End time'), { target: { value: '22:00' } });
    expect(await form.findByText(/it plays the whole day, 24 hours from 22:00/)).toBeVisible();
  });

  it('sends a valid entry and puts the server’s 400 on the field it names', async () => {
    const requests = stubApi({
      onWrite: () =>
        jsonResponse(
          {
            error: {
              code: 'validation-failed',
              message: 'The request is not valid.',
              details: { fields: [{ path: 'body.startTime', message: 'Not on this server.' }] },
            },
          },
          400,
        ),
    });
    renderPage('/advertiser/schedule?week=2026-03-02');
    const { user, dialog } = await openNewEntry();
    const form = within(dialog);
    await user.selectOptions(form.getByLabelText('Playlist'), 'Coffee promo');
    await user.click(form.getByRole('checkbox', { name: 'Saturday' }));
    await user.click(form.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(form.getByRole('button', { name: 'Add entry' }));

    expect(await form.findByText('Not on this server.')).toBeVisible();
    expect(form.getByLabelText('Start time')).toHaveAttribute('aria-invalid', 'true');
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.path).toBe('/api/v1/schedule-entries');
    expect(sent?.body).toEqual({
      adSpaceId: uuid(200),
      playlistId: coffee.id,
      firstDay: '2026-03-02',
      lastDay: null,
      weekdays: [1, 2, 3, 4, 5],
      startTime: '09:00',
      endTime: '17:00',
      priority: 50,
    });
  });

  it('edits an entry from its block and deletes it, then focuses "New entry"', async () => {
    const entry = makeEntry({ id: uuid(401), weekdays: [1] });
    const requests = stubApi({
      entries: [entry],
      onWrite: (request) =>
        request.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : jsonResponse({ ...entry, ...(request.body as object) }),
    });
    renderPage('/advertiser/schedule?week=2026-03-02');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Breakfast, Mon 2 Mar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit schedule entry' });
    const form = within(dialog);
    expect(form.getByLabelText('Start time')).toHaveValue('08:00');
    await user.clear(form.getByLabelText('Priority'));
    await user.type(form.getByLabelText('Priority'), '70');
    await user.click(form.getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.path).toBe(`/api/v1/schedule-entries/${entry.id}`);
    expect(patch?.body).toMatchObject({ priority: 70, weekdays: [1] });
    expect(patch?.body).not.toHaveProperty('adSpaceId');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Breakfast, Mon 2 Mar/ })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: /^Breakfast, Mon 2 Mar/ }));
    const again = within(await screen.findByRole('dialog', { name: 'Edit schedule entry' }));
    await user.click(again.getByRole('button', { name: 'Delete…' }));
    await user.click(again.getByRole('button', { name: 'Delete entry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'New entry' })).toHaveFocus());
  });
});

describe('after a save: what plays now', () => {
  const night = (source: TPlaying['source'], playlist: TPlaylistSummary | null): TPlaying => ({
    at: '2026-03-03T03:30:00.000Z',
    localTime: '2026-03-02T22:30:00',
    timeZone: 'America/New_York',
    source,
    playlistId: playlist?.id ?? null,
    scheduleEntryId: null,
    playlistName: playlist?.name ?? null,
  });

  it(
    'says a new 09:00–17:00 entry leaves the screen idle at night, and plays it all the time on request',
    { timeout: 30_000 },
    async () => {
      let space = makeAdSpace();
      const saved = makeEntry({
        id: uuid(410),
        playlistId: coffee.id,
        playlistName: 'Coffee promo',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        startTime: '09:00',
        endTime: '17:00',
      });
      const requests = stubApi({
        adSpaces: () => [space],
        playingNow: () => (space.defaultPlaylist ? night('default', coffee) : night('idle', null)),
        onWrite: (request) => {
          if (request.path === '/api/v1/schedule-entries') return jsonResponse(saved, 201);
          space = makeAdSpace({ defaultPlaylist: { id: coffee.id, name: 'Coffee promo' } });
          return jsonResponse(space);
        },
      });
      renderPage('/advertiser/schedule?week=2026-03-02');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'New entry' }));
      const form = within(await screen.findByRole('dialog', { name: 'New schedule entry' }));
      await user.selectOptions(form.getByLabelText('Playlist'), 'Coffee promo');
      await user.click(form.getByRole('button', { name: 'Add entry' }));

      const notice = within(await screen.findByRole('region', { name: 'Playing now' }));
      expect(
        await notice.findByText(
          /Window screen shows the idle screen: a TV on it says “Waiting for content”/,
        ),
      ).toBeVisible();
      expect(notice.getByText(/22:30 in America\/New_York/)).toBeVisible();
      expect(
        notice.getByText(/Coffee promo plays in this entry’s window: every day, 09:00–17:00/),
      ).toBeVisible();

      await user.click(notice.getByRole('button', { name: 'Play Coffee promo all the time' }));
      expect(
        await notice.findByText(/Window screen plays its default playlist, Coffee promo/),
      ).toBeVisible();
      const patch = requests.find((request) => request.method === 'PATCH');
      expect(patch?.path).toBe(`/api/v1/ad-spaces/${uuid(200)}`);
      expect(patch?.body).toEqual({ defaultPlaylistId: coffee.id });
      await waitFor(() =>
        expect(notice.queryByRole('button', { name: /all the time/ })).toBeNull(),
      );

      await user.click(notice.getByRole('button', { name: 'Dismiss' }));
      expect(screen.queryByRole('region', { name: 'Playing now' })).toBeNull();
    },
  );
});

describe('what plays here at…', () => {
  const breakfastEntry = makeEntry({ id: uuid(401), weekdays: [1], priority: 10 });
  const coffeeEntry = makeEntry({
    id: uuid(402),
    playlistId: coffee.id,
    playlistName: 'Coffee promo',
    weekdays: [1],
    startTime: '09:00',
    endTime: '10:00',
    priority: 50,
  });

  async function ask(date: string, time: string) {
    const card = within(await screen.findByRole('region', { name: 'What plays here at…' }));
    fireEvent.change(card.getByLabelText('Date'), { target: { value: date } });
    fireEvent.change(card.getByLabelText('Time'), { target: { value: time } });
    await userEvent.setup().click(card.getByRole('button', { name: 'Ask' }));
    return card;
  }

  it('answers with the server’s playlist, the winning entry and why it won', async () => {
    const requests = stubApi({
      entries: [breakfastEntry, coffeeEntry],
      playing: () => ({
        at: '2026-03-09T13:30:00.000Z',
        localTime: '2026-03-09T09:30:00',
        timeZone: 'America/New_York',
        source: 'schedule',
        playlistId: coffee.id,
        scheduleEntryId: coffeeEntry.id,
      }),
    });
    renderPage('/advertiser/schedule?week=2026-03-09');
    const card = await ask('2026-03-09', '09:30');
    expect(await card.findByText('Coffee promo')).toBeVisible();
    expect(card.getByText('Scheduled')).toBeVisible();
    expect(card.getByText(/Monday, 9 March 2026, 09:30 \(EDT, UTC-04:00\)/)).toBeVisible();
    expect(card.getByText(/Coffee promo, Mon 09:00–10:00, priority 50/)).toBeVisible();
    expect(card.getByText(/highest priority \(50\) of the 2 entries active then/)).toBeVisible();
    expect(
      card.getByText('Hidden: Breakfast, Mon 08:00–12:00, priority 10 (lower priority)'),
    ).toBeVisible();
    const asked = requests.find((request) => request.path.endsWith('/playing'));
    expect(asked?.path).toBe(`/api/v1/ad-spaces/${uuid(200)}/playing`);
    expect(asked?.search.get('at')).toBe('2026-03-09T09:30');
  });

  it('uses the reasons the server sends with its answer', async () => {
    stubApi({
      // The page's copy of the schedule is empty: what it shows comes from the server alone.
      entries: [],
      playing: () => ({
        at: '2026-03-09T13:30:00.000Z',
        localTime: '2026-03-09T09:30:00',
        timeZone: 'America/New_York',
        source: 'schedule',
        playlistId: coffee.id,
        scheduleEntryId: coffeeEntry.id,
        playlistName: 'Coffee promo',
        explanation: {
          summary: '“Coffee promo” plays.',
          offset: '-04:00',
          requested: { localDateTime: '2026-03-09T09:30', adjustment: 'exact' },
          active: [
            {
              scheduleEntryId: coffeeEntry.id,
              name: 'Coffee promo, Mon 09:00–10:00',
              playlistId: coffee.id,
              playlistName: 'Coffee promo',
              priority: 50,
              updatedAt: '2026-03-01T10:00:00.000Z',
              window: {
                day: '2026-03-09',
                start: '2026-03-09T13:00:00.000Z',
                end: '2026-03-09T14:00:00.000Z',
              },
              outcome: 'won',
            },
            {
              scheduleEntryId: uuid(409),
              name: 'Lunch, every day 09:00–14:00',
              playlistId: breakfast.id,
              playlistName: 'Lunch',
              priority: 50,
              updatedAt: '2026-02-01T10:00:00.000Z',
              window: {
                day: '2026-03-09',
                start: '2026-03-09T13:00:00.000Z',
                end: '2026-03-09T18:00:00.000Z',
              },
              outcome: 'older-change',
            },
          ],
          inactive: [],
        },
      }),
    });
    renderPage('/advertiser/schedule?week=2026-03-09');
    const card = await ask('2026-03-09', '09:30');
    expect(await card.findByText(/Coffee promo, Mon 09:00–10:00, priority 50/)).toBeVisible();
    expect(card.getByText(/this one changed most recently \(1 Mar 2026, 05:00\)/)).toBeVisible();
    expect(
      card.getByText(
        'Hidden: Lunch, every day 09:00–14:00, priority 50 (same priority, changed earlier)',
      ),
    ).toBeVisible();
  });

  it('says when nothing is scheduled and the default playlist plays', async () => {
    stubApi({
      adSpaces: [makeAdSpace({ defaultPlaylist: { id: lateShow.id, name: 'Late show' } })],
      entries: [breakfastEntry],
      playing: () => ({
        at: '2026-03-09T23:00:00.000Z',
        localTime: '2026-03-09T19:00:00',
        timeZone: 'America/New_York',
        source: 'default',
        playlistId: lateShow.id,
        scheduleEntryId: null,
      }),
    });
    renderPage('/advertiser/schedule?week=2026-03-09');
    const card = await ask('2026-03-09', '19:00');
    expect(await card.findByText('Late show')).toBeVisible();
    expect(card.getByText('Default playlist')).toBeVisible();
    expect(
      card.getByText(/No schedule entry is active then, so the ad space plays its default/),
    ).toBeVisible();
  });

  it('says a time in the spring-forward gap was moved forward', async () => {
    stubApi({
      playing: () => ({
        at: '2026-03-08T07:30:00.000Z',
        localTime: '2026-03-08T03:30:00',
        timeZone: 'America/New_York',
        source: 'idle',
        playlistId: null,
        scheduleEntryId: null,
      }),
    });
    renderPage('/advertiser/schedule?week=2026-03-02');
    const card = await ask('2026-03-08', '02:30');
    expect(await card.findByText('That time does not exist there')).toBeVisible();
    expect(
      card.getByText(/02:30 is skipped on Sunday, 8 March 2026 .* moved forward to 03:30/),
    ).toBeVisible();
    expect(card.getByText('The idle screen')).toBeVisible();
    expect(
      card.getByText(/has no default playlist, so the screen shows the idle screen/),
    ).toBeVisible();
  });
});

describe('screen groups and tags', () => {
  const lobbies: TScreenGroup = {
    id: uuid(700),
    name: 'Lobbies',
    kind: 'static',
    tags: [],
    members: [{ id: uuid(200), name: 'Window screen' }],
    scheduleEntryCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('adds a new entry to a group the screen is in, and marks group entries with their group', async () => {
    const groupEntry = makeEntry({
      id: uuid(420),
      adSpaceId: null,
      groupId: lobbies.id,
      groupName: 'Lobbies',
      weekdays: [1],
    });
    const requests = stubApi({
      entries: [groupEntry],
      groups: [lobbies],
      onWrite: (request) => jsonResponse({ ...groupEntry, ...(request.body as object) }, 201),
    });
    renderPage('/advertiser/schedule?week=2026-03-02');
    const block = await screen.findByRole('button', { name: /^Breakfast, Mon 2 Mar/ });
    expect(block).toHaveAccessibleName(/for the group Lobbies/);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New entry' }));
    const form = within(await screen.findByRole('dialog', { name: 'New schedule entry' }));
    await user.selectOptions(form.getByLabelText('Plays on'), 'Group: Lobbies (1 screen)');
    await user.selectOptions(form.getByLabelText('Playlist'), 'Coffee promo');
    await user.click(form.getByRole('button', { name: 'Add entry' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New schedule entry' })).toBeNull(),
    );
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.body).toMatchObject({ groupId: lobbies.id, playlistId: coffee.id });
    expect(sent?.body).not.toHaveProperty('adSpaceId');
  });

  it('lists only the screens carrying the tag chosen', async () => {
    stubApi({
      adSpaces: [
        makeAdSpace({ tags: ['lobby'] }),
        makeAdSpace({ id: uuid(201), name: 'Counter', tags: ['kitchen'] }),
      ],
    });
    renderPage('/advertiser/schedule?week=2026-03-02');
    const user = userEvent.setup();
    const picker = await screen.findByLabelText('Ad space');
    expect(within(picker).getAllByRole('option')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Filter screens by tag'), 'kitchen');
    await waitFor(() =>
      expect(within(screen.getByLabelText('Ad space')).getAllByRole('option')).toHaveLength(1),
    );
    expect(screen.getByLabelText('Ad space')).toHaveValue(uuid(201));
  });
});
