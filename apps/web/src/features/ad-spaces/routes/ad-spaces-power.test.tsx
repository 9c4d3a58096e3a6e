import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPowerScheduleView } from '@screenline/shared/power-schedule';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { makeAdSpace, makeLocation, page, uuid } from '@/test/screens-fixtures';
import { AdSpacesPage } from '@/features/ad-spaces/routes/ad-spaces-page';

/** The power schedule dialog (issue 23 item 5) on the ad spaces page. */

const SPACE = makeAdSpace({ id: uuid(210), name: 'Lobby screen' });
const view = (overrides: Partial<TPowerScheduleView> = {}): TPowerScheduleView => ({
  adSpaceId: SPACE.id,
  timeZone: 'America/New_York',
  powerSchedule: null,
  onNow: true,
  onWindows: [],
  windowsFromMs: 0,
  windowsToMs: 0,
  ...overrides,
});

function stubApi(onPut: (body: unknown) => TPowerScheduleView | null) {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://app.test').pathname;
      const method = init?.method ?? 'GET';
      if (path === '/api/v1/ad-spaces') return Promise.resolve(jsonResponse(page([SPACE])));
      if (path === '/api/v1/locations')
        return Promise.resolve(jsonResponse(page([makeLocation()])));
      if (path === `/api/v1/ad-spaces/${SPACE.id}/power-schedule`) {
        if (method === 'GET') return Promise.resolve(jsonResponse(view()));
        const body = JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as unknown;
        puts.push(body);
        const answer = onPut(body);
        return Promise.resolve(
          answer
            ? jsonResponse(answer)
            : jsonResponse(
                {
                  error: {
                    code: 'validation-failed',
                    message: 'Pick at least one weekday.',
                    details: { fields: [] },
                  },
                },
                400,
              ),
        );
      }
      return Promise.resolve(
        jsonResponse({ error: { code: 'not-found', message: 'Route not found.' } }, 404),
      );
    }),
  );
  return puts;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/advertiser/ad-spaces', Component: AdSpacesPage }], {
    initialEntries: ['/advertiser/ad-spaces'],
  });
  renderWithAuth(router, makeAuth(makeUser()));
}

// Many clicks through a dialog: longer than the default 5 s on a loaded machine.
describe('the power schedule dialog', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('saves set hours from the keyboard-reachable form and returns focus to the row', async () => {
    const user = userEvent.setup();
    const puts = stubApi((body) =>
      view({
        powerSchedule: (body as { powerSchedule: TPowerScheduleView['powerSchedule'] })
          .powerSchedule,
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Lobby screen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Power schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Power schedule of “Lobby screen”' });
    expect(await within(dialog).findByText('Always on.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'On at set hours' }));
    expect(within(dialog).getByText(/Times are in America\/New_York/)).toBeVisible();
    // Weekdays 07:00–22:00 to start with; Saturday added, the hours changed.
    await user.click(within(dialog).getByLabelText('Sat'));
    const from = within(dialog).getByLabelText('On from');
    await user.clear(from);
    await user.type(from, '08:00');
    expect(within(dialog).getByText('Mon–Sat 08:00–22:00')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add hours' }));
    expect(within(dialog).getByRole('group', { name: /Hours 2/ })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Remove hours 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save power schedule' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(puts).toEqual([
      {
        powerSchedule: {
          ranges: [{ weekdays: [1, 2, 3, 4, 5, 6], startTime: '08:00', endTime: '22:00' }],
        },
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Lobby screen' })).toHaveFocus(),
    );
  });

  it('refuses a set of hours with no day before asking the server, and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    const puts = stubApi(() => null);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Lobby screen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Power schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Power schedule of “Lobby screen”' });
    await user.click(await within(dialog).findByRole('button', { name: 'On at set hours' }));
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
      await user.click(within(dialog).getByLabelText(day));
    await user.click(within(dialog).getByRole('button', { name: 'Save power schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Pick at least one day for each set of hours.',
    );
    expect(puts).toEqual([]);
    await user.click(within(dialog).getByLabelText('Sun'));
    await user.click(within(dialog).getByRole('button', { name: 'Save power schedule' }));
    expect(await within(dialog).findByText('Pick at least one weekday.')).toBeVisible();
    expect(puts).toHaveLength(1);
  });
});
