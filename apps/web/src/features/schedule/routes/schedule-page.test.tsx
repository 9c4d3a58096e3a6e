// The schedule page's week view and its empty states. The entry form, what plays, and screen
// groups are in the sibling schedule-page-*.test.tsx files.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAdSpace, makeEntry, uuid } from '@/test/screens-fixtures';
import { HOUR_HEIGHT_PX } from '@/features/schedule/components/week-view';
import {
  coffee,
  lateShow,
  stubApi,
  renderPage,
  px,
  column,
  usePhoneWidth,
} from '../test/schedule-page-setup';

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
