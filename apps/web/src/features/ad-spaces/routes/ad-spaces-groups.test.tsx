import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdSpace } from '@screenline/shared/ad-space';
import type { TScreenGroup } from '@screenline/shared/screen-group';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { makeAdSpace, makeLocation, page, uuid } from '@/test/screens-fixtures';
import { AdSpacesPage } from '@/features/ad-spaces/routes/ad-spaces-page';

type TCall = { method: string; path: string; search: URLSearchParams; body: unknown };

const lobby = makeAdSpace({ id: uuid(201), name: 'Lobby', tags: ['berlin', 'lobby'] });
const street = makeAdSpace({ id: uuid(202), name: 'Window' });
const counter = makeAdSpace({ id: uuid(203), name: 'Counter' });

function makeGroup(overrides: Partial<TScreenGroup> = {}): TScreenGroup {
  return {
    id: uuid(700),
    name: 'Lobbies',
    kind: 'tags',
    tags: ['lobby'],
    members: [{ id: lobby.id, name: lobby.name }],
    scheduleEntryCount: 2,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The API the page calls; answers what `handler` does not with the lists given. */
function stubApi({
  adSpaces = [lobby, street, counter],
  groups = [makeGroup()],
  handler = () => undefined,
}: {
  adSpaces?: TAdSpace[];
  groups?: TScreenGroup[];
  handler?: (call: TCall) => Response | undefined;
} = {}) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://app.test');
      const call = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        search: parsed.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer = handler(call);
      if (answer) return Promise.resolve(answer);
      if (call.method === 'GET' && call.path === '/api/v1/ad-spaces') {
        const tag = call.search.get('tag');
        return Promise.resolve(
          jsonResponse(page(tag ? adSpaces.filter((space) => space.tags.includes(tag)) : adSpaces)),
        );
      }
      if (call.method === 'GET' && call.path === '/api/v1/locations') {
        return Promise.resolve(jsonResponse(page([makeLocation()])));
      }
      if (call.method === 'GET' && call.path === '/api/v1/screen-groups') {
        return Promise.resolve(jsonResponse({ items: groups }));
      }
      return Promise.resolve(
        jsonResponse({ error: { code: 'not-found', message: 'Route not found.' } }, 404),
      );
    }),
  );
  return calls;
}

function renderPage(path = '/advertiser/ad-spaces') {
  const router = createMemoryRouter([{ path: '/advertiser/ad-spaces', Component: AdSpacesPage }], {
    initialEntries: [path],
  });
  renderWithAuth(router, makeAuth(makeUser()));
}

const bulkCalls = (calls: TCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/ad-spaces/bulk');

describe('/advertiser/ad-spaces: tags, groups and bulk actions', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('shows each space’s tags and the groups with what they hold', async () => {
    stubApi();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Ad spaces' });
    const row = within(table).getByRole('row', { name: 'Lobby' });
    expect(within(row).getByLabelText('Tags')).toHaveTextContent('berlinlobby');
    const groups = await screen.findByRole('list', { name: 'Groups' });
    expect(groups).toHaveTextContent('Lobbies');
    expect(groups).toHaveTextContent('Tags: lobby');
    expect(groups).toHaveTextContent('1 screen: Lobby · 2 schedule entries');
    expect(within(groups).getByRole('link', { name: 'Schedule Lobbies' })).toHaveAttribute(
      'href',
      `/advertiser/schedule?adSpace=${lobby.id}`,
    );
  });

  it('filters the list by a tag, normalized as the server stores it', async () => {
    const user = userEvent.setup();
    const calls = stubApi();
    renderPage();
    await screen.findByRole('table', { name: 'Ad spaces' });
    await user.type(screen.getByRole('combobox', { name: 'Filter by tag' }), '  Berlin ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path === '/api/v1/ad-spaces' && call.search.get('tag') === 'berlin',
        ),
      ).toBe(true),
    );
    // The filtered list: Lobby carries the tag, Window does not.
    await waitFor(() => {
      expect(screen.getByRole('row', { name: 'Lobby' })).toBeVisible();
      expect(screen.queryByRole('row', { name: 'Window' })).toBeNull();
    });
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByRole('row', { name: 'Window' })).toBeVisible();
  });

  it('adds a tag to the selected spaces in one bulk call', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      handler: (call) =>
        call.path === '/api/v1/ad-spaces/bulk'
          ? jsonResponse({ adSpaceIds: [street.id, counter.id], notifiedAdSpaceIds: [] })
          : undefined,
    });
    renderPage();
    await screen.findByRole('table', { name: 'Ad spaces' });
    expect(screen.queryByRole('toolbar')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Window' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Counter' }));
    const bar = screen.getByRole('toolbar', { name: 'Actions for the selected ad spaces' });
    expect(bar).toHaveTextContent('2 ad spaces selected');
    await user.click(within(bar).getByRole('button', { name: 'Add tag…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tag' });
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    expect(within(dialog).getByText('Enter a tag.')).toBeVisible();
    expect(bulkCalls(calls)).toEqual([]);
    await user.type(within(dialog).getByRole('combobox', { name: 'Tag' }), 'Menu  Boards');
    await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bulkCalls(calls).map((call) => call.body)).toEqual([
      { adSpaceIds: [street.id, counter.id], action: { kind: 'add-tag', tag: 'menu boards' } },
    ]);
  });

  it('says why a bulk call was refused and keeps the dialog open', async () => {
    const user = userEvent.setup();
    stubApi({
      handler: (call) =>
        call.path === '/api/v1/ad-spaces/bulk'
          ? jsonResponse(
              { error: { code: 'not-found', message: 'That ad space was not found.' } },
              404,
            )
          : undefined,
    });
    renderPage();
    await screen.findByRole('table', { name: 'Ad spaces' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all ad spaces shown' }));
    expect(screen.getByRole('toolbar')).toHaveTextContent('3 ad spaces selected');
    await user.click(screen.getByRole('button', { name: 'Remove tag…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove a tag' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Tag' }), 'lobby');
    await user.click(within(dialog).getByRole('button', { name: 'Remove tag' }));
    expect(await within(dialog).findByText('That ad space was not found.')).toBeVisible();
  });

  it('makes a group of the selected screens', async () => {
    const user = userEvent.setup();
    const calls = stubApi({
      handler: (call) =>
        call.method === 'POST' && call.path === '/api/v1/screen-groups'
          ? jsonResponse(
              makeGroup({
                id: uuid(701),
                name: 'Street side',
                kind: 'static',
                tags: [],
                members: [
                  { id: counter.id, name: counter.name },
                  { id: street.id, name: street.name },
                ],
                scheduleEntryCount: 0,
              }),
              201,
            )
          : undefined,
    });
    renderPage();
    await screen.findByRole('table', { name: 'Ad spaces' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Window' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Counter' }));
    await user.click(
      within(screen.getByRole('toolbar')).getByRole('button', { name: 'New group…' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    expect(within(dialog).getByRole('button', { name: 'Chosen screens' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('checkbox', { name: /Window/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /Lobby/ })).not.toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Street side');
    await user.click(within(dialog).getByRole('button', { name: 'Make group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const posted = calls.find(
      (call) => call.method === 'POST' && call.path === '/api/v1/screen-groups',
    );
    expect(posted?.body).toEqual({
      kind: 'static',
      name: 'Street side',
      adSpaceIds: [street.id, counter.id],
    });
  });
});
