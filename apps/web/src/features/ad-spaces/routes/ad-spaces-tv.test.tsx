/** The TV's reports on the ad spaces page: status and details, and the links that open a report. */
// The proof-of-play report itself is in ad-spaces-tv-report.test.tsx.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/fixtures';
import { makeAdSpace, makePlayer, uuid } from '@/test/screens-fixtures';
import { MB, NOW, makeReport, stubApi, renderPage } from '../test/ad-spaces-tv-setup';

describe('/advertiser/ad-spaces: what the TV reports', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('shows what is on screen, the content download, a problem and a pending update per row', async () => {
    stubApi({
      adSpaces: [
        makeAdSpace({
          status: 'online',
          lastSeenAt: '2026-03-02T14:29:00.000Z',
          player: makePlayer(),
        }),
        makeAdSpace({
          id: uuid(201),
          name: 'Counter',
          status: 'online',
          lastSeenAt: '2026-03-02T14:29:00.000Z',
          player: makePlayer({
            isUpToDate: false,
            cache: {
              filesReady: 3,
              filesNeeded: 12,
              bytesReady: 45 * MB,
              bytesNeeded: 120 * MB,
              problem: 'Not enough storage on the TV: 80 MB more is needed.',
            },
          }),
        }),
        makeAdSpace({
          id: uuid(202),
          name: 'Door',
          status: 'offline',
          lastSeenAt: '2026-03-01T14:30:00.000Z',
          player: makePlayer({ isUpToDate: false }),
        }),
      ],
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Ad spaces' });

    const window = within(table).getByRole('row', { name: 'Window screen' });
    expect(window).toHaveTextContent('Online');
    // In the status cell for narrow screens, and in "Playing now" for wide ones.
    expect(within(window).getAllByText('Summer sale.mp4')).toHaveLength(2);
    expect(window).toHaveTextContent('Now playing: Summer sale.mp4');
    expect(window).toHaveTextContent('Content ready 12/12 files');
    expect(window).not.toHaveTextContent('Update pending');

    const counter = within(table).getByRole('row', { name: 'Counter' });
    expect(counter).toHaveTextContent('Downloading 3/12 files · 45 MB of 120 MB');
    expect(counter).toHaveTextContent('Not enough storage on the TV: 80 MB more is needed.');

    const door = within(table).getByRole('row', { name: 'Door' });
    expect(door).toHaveTextContent('Offline');
    expect(door).not.toHaveTextContent('Now playing');
    expect(door).toHaveTextContent('Content ready 12/12 files');
    expect(door).toHaveTextContent('Update pending');
  });

  it('details the TV: version, storage, schedule update; a space without a TV says how to connect one', async () => {
    stubApi({
      adSpaces: [
        makeAdSpace({
          status: 'online',
          lastSeenAt: '2026-03-02T14:29:00.000Z',
          player: makePlayer(),
        }),
        makeAdSpace({ id: uuid(201), name: 'Counter' }),
      ],
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Window screen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'TV status…' }));
    const dialog = await screen.findByRole('dialog', { name: 'TV status of “Window screen”' });
    const detail = (term: string) => within(dialog).getByText(term).nextElementSibling;
    expect(detail('Status')).toHaveTextContent('OnlineLast seen 1 minute ago');
    expect(detail('TV')).toHaveTextContent('Lobby TV');
    expect(detail('Now playing')).toHaveTextContent('Summer sale.mp4');
    expect(detail('Content')).toHaveTextContent('Content ready 12/12 files');
    expect(
      within(dialog).getByRole('progressbar', { name: 'Content downloaded to the TV' }),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(detail('Schedule')).toHaveTextContent('Up to date');
    expect(detail('Storage')).toHaveTextContent('1.5 GB of 8 GB used');
    expect(detail('Storage')).toHaveTextContent('Persistent');
    expect(detail('App version')).toHaveTextContent('1.4.0');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Window screen' })).toHaveFocus(),
    );

    await user.click(screen.getByRole('button', { name: 'Actions for Counter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'TV status…' }));
    const empty = await screen.findByRole('dialog', { name: 'TV status of “Counter”' });
    expect(empty).toHaveTextContent('No TV has reported for this ad space yet.');
    expect(empty).toHaveTextContent('Pick “Counter” from the list and press Continue.');
  });

  it('opens the report a link names, fetching a space the list has not shown', async () => {
    const later = makeAdSpace({ id: uuid(299), name: 'Far away' });
    const calls = stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) => {
        // The first page of a longer list.
        if (call.path === '/api/v1/ad-spaces') {
          return jsonResponse({ items: [makeAdSpace()], nextCursor: 'next' });
        }
        if (call.path === `/api/v1/ad-spaces/${uuid(299)}`) return jsonResponse(later);
        if (call.path.endsWith('/plays')) return jsonResponse(makeReport({ adSpaceId: uuid(299) }));
        return undefined;
      },
    });
    renderPage(`/advertiser/ad-spaces?plays=${uuid(299)}`);
    const dialog = await screen.findByRole('dialog', { name: 'Proof of play: “Far away”' });
    await within(dialog).findByText('1,234');
    expect(calls.map((call) => call.path)).toContain(`/api/v1/ad-spaces/${uuid(299)}/plays`);
  });

  it('drops a link to a space that is not there', async () => {
    stubApi({ adSpaces: [makeAdSpace()] });
    const router = renderPage(`/advertiser/ad-spaces?plays=${uuid(298)}`);
    await screen.findByRole('table', { name: 'Ad spaces' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the report from the TV status dialog', async () => {
    stubApi({
      adSpaces: [makeAdSpace({ status: 'online', player: makePlayer() })],
      handler: (call) => (call.path.endsWith('/plays') ? jsonResponse(makeReport()) : undefined),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Window screen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'TV status…' }));
    const status = await screen.findByRole('dialog', { name: 'TV status of “Window screen”' });
    await user.click(within(status).getByRole('button', { name: 'Proof of play' }));
    const dialog = await screen.findByRole('dialog', { name: 'Proof of play: “Window screen”' });
    await within(dialog).findByText('1,234');
    expect(screen.queryByRole('dialog', { name: /TV status/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Window screen' })).toHaveFocus(),
    );
  });
});
