// The schedule page's screen groups and tags.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TScreenGroup } from '@screenline/shared/screen-group';
import { jsonResponse } from '@/test/fixtures';
import { makeAdSpace, makeEntry, uuid } from '@/test/screens-fixtures';
import { coffee, stubApi, renderPage } from '../test/schedule-page-setup';

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
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
