// The schedule page's entry form, and what the page says plays now after a save.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPlaylistSummary } from '@screenline/shared/playlist';
import type { TPlaying } from '@screenline/shared/schedule';
import { jsonResponse } from '@/test/fixtures';
import { makeAdSpace, makeEntry, uuid } from '@/test/screens-fixtures';
import { coffee, stubApi, renderPage } from '../test/schedule-page-setup';

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
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
