import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLocation } from '@screenline/shared/location';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import { LocationsPage } from '@/features/locations/routes/locations-page';

function makeLocation(overrides: Partial<TLocation> = {}): TLocation {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Riverside Mall',
    address: {
      line: '1 River Street',
      city: 'London',
      region: null,
      postalCode: 'SE1 9AA',
      country: 'GB',
    },
    latitude: null,
    longitude: null,
    timeZone: 'Europe/London',
    venueType: 'retail',
    audience: { weeklyFootfall: 12000, ageBands: {}, genderSplit: null },
    adSpaceCount: 2,
    createdAt: '2026-03-04T10:00:00.000Z',
    updatedAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

type TCall = { method: string; path: string; body: unknown };
type THandler = (call: TCall) => Response | undefined;

/** Routes fetch calls to `handler` (list answered from `locations` unless it answers first). */
function stubApi(locations: TLocation[], handler: THandler = () => undefined) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://app.test');
      const call = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer = handler(call);
      if (answer) return Promise.resolve(answer);
      if (call.method === 'GET' && call.path === '/api/v1/locations') {
        return Promise.resolve(jsonResponse({ items: locations, nextCursor: null }));
      }
      return Promise.resolve(jsonResponse({ error: { code: 'not-found', message: 'No.' } }, 404));
    }),
  );
  return calls;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/advertiser/locations', Component: LocationsPage }], {
    initialEntries: ['/advertiser/locations'],
  });
  renderWithAuth(router, makeAuth(makeUser()));
}

/** Fills what a location needs: name, street, city, country (by search) and venue type. */
async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Station kiosk');
  await user.type(screen.getByLabelText('Street address'), '2 Platform Road');
  await user.type(screen.getByLabelText('City'), 'Leeds');
  await user.click(screen.getByRole('combobox', { name: 'Country' }));
  // Pasted: a keystroke at a time re-renders a list of 250 countries each time, slow in jsdom.
  await user.paste('united kingdom');
  await user.keyboard('{Enter}');
  await user.selectOptions(screen.getByLabelText('Venue type'), 'transit');
}

// The forms hold two lists of hundreds of options (countries, time zones): slow in jsdom.
describe('/advertiser/locations', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('tells a new owner what to do first', async () => {
    stubApi([]);
    renderPage();
    expect(
      await screen.findByRole('heading', {
        name: 'Add your first location: where your screens are',
      }),
    ).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Add location' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'How locations work' })).toHaveAttribute(
      'href',
      '/help/advertiser/locations',
    );
  });

  it('lists locations with city and country, venue type, time zone and ad spaces', async () => {
    stubApi([
      makeLocation(),
      makeLocation({
        id: '00000000-0000-4000-8000-000000000002',
        name: 'Gym',
        address: {
          line: '5 Main',
          city: 'New York',
          region: 'NY',
          postalCode: null,
          country: 'US',
        },
        timeZone: 'America/New_York',
        venueType: 'fitness',
        adSpaceCount: 0,
      }),
    ]);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Locations' });
    const mall = within(table).getByRole('row', { name: 'Riverside Mall' });
    expect(within(mall).getAllByText('London, United Kingdom')[0]).toBeInTheDocument();
    expect(mall).toHaveTextContent('Retail');
    expect(mall).toHaveTextContent('Europe/London');
    expect(mall).toHaveTextContent('2');
    const gym = within(table).getByRole('row', { name: 'Gym' });
    expect(gym).toHaveTextContent('New York, United States');
    expect(gym).toHaveTextContent('America/New York');
    expect(gym).toHaveTextContent('Fitness');

    // The place column shares the width with the name and wraps: never cut to "London, Unit…"
    // while the name column has room (the table is fixed-layout: fixed widths do not give).
    const cityHeader = within(table).getByRole('columnheader', { name: 'City' });
    expect(cityHeader.className).not.toMatch(/\bw-/);
    const placeCell = within(mall)
      .getAllByText('London, United Kingdom')
      .find((element) => element.tagName === 'TD');
    expect(placeCell).not.toHaveClass('truncate');
  });

  it('shows the shared schema’s messages under the fields and sends nothing', async () => {
    const calls = stubApi([]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a location' });
    await user.type(within(dialog).getByLabelText('Latitude'), '91');
    await user.type(within(dialog).getByLabelText('25–34'), '80');
    await user.type(within(dialog).getByLabelText('35–44'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Add location' }));

    expect(await within(dialog).findByText('Enter a name.')).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.');
    expect(within(dialog).getByLabelText('Street address')).toHaveAccessibleDescription(
      'Enter the street address.',
    );
    expect(within(dialog).getByLabelText('City')).toHaveAccessibleDescription('Enter the city.');
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription(
      'Pick a country.',
    );
    expect(within(dialog).getByLabelText('Venue type')).toHaveAccessibleDescription(
      'Pick one from the list.',
    );
    expect(within(dialog).getByLabelText('Latitude')).toHaveAccessibleDescription(
      'From −90 to 90.',
    );
    expect(within(dialog).getByText('The age bands add up to more than 100%.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('picks a time zone by typing and the keyboard, defaulting to the browser’s', async () => {
    const calls = stubApi([], (call) =>
      call.method === 'POST'
        ? jsonResponse(makeLocation({ name: 'Station kiosk' }), 201)
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add location' }));
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone.replaceAll('_', ' '));

    await user.click(zone);
    await user.keyboard('york');
    const list = screen.getByRole('listbox', { name: 'Time zone' });
    expect(within(list).getAllByRole('option')).toHaveLength(1);
    // The first match is highlighted as one types; arrows move, Enter picks.
    expect(zone).toHaveAttribute(
      'aria-activedescendant',
      within(list).getByRole('option', { name: /America\/New York/ }).id,
    );
    await user.keyboard('{ArrowUp}{ArrowDown}{Enter}');
    expect(zone).toHaveValue('America/New York');
    expect(zone).toHaveAttribute('aria-expanded', 'false');

    // Escape after a half-typed search puts the chosen zone back.
    await user.keyboard('{Control>}a{/Control}qqq');
    expect(within(list).queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No time zone matches. Try a big city nearby.')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(zone).toHaveValue('America/New York');

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Station kiosk',
      address: { line: '2 Platform Road', city: 'Leeds', country: 'GB', region: null },
      timeZone: 'America/New_York',
      venueType: 'transit',
      latitude: null,
      audience: { weeklyFootfall: null, ageBands: {}, genderSplit: null },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Add a location' })).not.toBeInTheDocument(),
    );
  });

  it('puts the server’s field errors under their fields', async () => {
    stubApi([], (call) =>
      call.method === 'POST'
        ? jsonResponse(
            {
              error: {
                code: 'validation-failed',
                message: 'The request is not valid.',
                details: {
                  fields: [{ path: 'body.address.city', message: 'We do not know this city.' }],
                },
              },
            },
            400,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add location' }));
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    const city = screen.getByLabelText('City');
    await waitFor(() => expect(city).toHaveAccessibleDescription('We do not know this city.'));
    expect(city).toHaveFocus();
  });

  it('edits a location with its values in the form', async () => {
    const calls = stubApi([makeLocation({ latitude: 51.5, longitude: -0.12 })], (call) =>
      call.method === 'PATCH' ? jsonResponse(makeLocation({ name: 'Riverside' })) : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Riverside Mall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Riverside Mall”' });
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveValue('United Kingdom');
    expect(within(dialog).getByLabelText('Weekly footfall')).toHaveValue('12000');
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Riverside');
    await user.click(within(dialog).getByRole('button', { name: 'Save location' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/api/v1/locations/00000000-0000-4000-8000-000000000001');
    expect(patch?.body).toMatchObject({ name: 'Riverside', latitude: 51.5, longitude: -0.12 });
  });

  it('names the ad spaces that keep a location from being deleted', async () => {
    stubApi([makeLocation()], (call) =>
      call.method === 'DELETE'
        ? jsonResponse(
            {
              error: {
                code: 'in-use',
                message: 'Riverside Mall has ad spaces: Lobby screen, Food court.',
                details: {
                  references: [
                    { kind: 'adSpace', id: 'a1', name: 'Lobby screen' },
                    { kind: 'adSpace', id: 'a2', name: 'Food court' },
                  ],
                },
              },
            },
            409,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Riverside Mall' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Riverside Mall”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete location' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('These ad spaces stand at this location:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lobby screen', 'Food court']);
    expect(within(dialog).queryByRole('button', { name: 'Delete location' })).toBeNull();

    // Closing returns focus to the row's Actions button (its menu item is gone).
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Riverside Mall' })).toHaveFocus(),
    );
  });

  it('returns focus to the Add button when the form closes', async () => {
    stubApi([makeLocation()]);
    const user = userEvent.setup();
    renderPage();
    const add = await screen.findByRole('button', { name: 'Add location' });
    await user.click(add);
    await screen.findByRole('dialog', { name: 'Add a location' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(add).toHaveFocus());
  });
});
