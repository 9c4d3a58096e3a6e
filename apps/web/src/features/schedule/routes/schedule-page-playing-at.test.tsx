// The schedule page's "What plays here at…" control.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAdSpace, makeEntry, uuid } from '@/test/screens-fixtures';
import { breakfast, coffee, lateShow, stubApi, renderPage } from '../test/schedule-page-setup';

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
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
