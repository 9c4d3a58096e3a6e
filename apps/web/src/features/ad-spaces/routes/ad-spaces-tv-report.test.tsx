// The proof-of-play report on the ad spaces page: days, items and gaps, ranges, ad plays billed
// and settling, failures, the CSV.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_INTERVAL_MS, UNBILLED_REASON_WORDS } from '@screenline/shared/proof-of-play';
import { jsonResponse } from '@/test/fixtures';
import { makeAdSpace, uuid } from '@/test/screens-fixtures';
import {
  NOW,
  makeReport,
  stubApi,
  renderPage,
  playsCalls,
  openReport,
} from '../test/ad-spaces-tv-setup';

describe('/advertiser/ad-spaces: what the TV reports', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });

  it('reports proof of play for the last 7 local days: totals, days, items, gaps; presets and the URL follow', async () => {
    const calls = stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) => (call.path.endsWith('/plays') ? jsonResponse(makeReport()) : undefined),
    });
    const user = userEvent.setup();
    const router = renderPage();
    const dialog = await openReport(user);
    expect(router.state.location.search).toBe(`?plays=${uuid(200)}`);
    expect(dialog).toHaveTextContent('by the location’s days (America/New_York)');

    // Today is 2 March in New York: the 7 days end there.
    expect(within(dialog).getByLabelText('From')).toHaveValue('2026-02-24');
    expect(within(dialog).getByLabelText('To')).toHaveValue('2026-03-02');
    expect(within(dialog).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await within(dialog).findByText('1,234');
    expect(playsCalls(calls).map((call) => call.search)).toEqual([
      '?from=2026-02-24&to=2026-03-02',
    ]);
    const totals = within(dialog).getByText('Plays', { selector: 'dt' }).parentElement
      ?.parentElement;
    expect(totals).toHaveTextContent('Plays1,234Time shown3 h 12 min');
    // No campaign played in these days: no ad plays section.
    expect(within(dialog).queryByRole('region', { name: 'Ad plays' })).toBeNull();

    const days = within(dialog).getByRole('table', { name: 'Plays by day' });
    expect(within(days).getAllByRole('row')).toHaveLength(8);
    expect(within(days).getByRole('row', { name: /Sat 28 Feb/ })).toHaveTextContent(
      'Sat 28 Feb33441 min 40 s',
    );
    expect(dialog).toHaveTextContent('Busiest: Sat 28 Feb, 334 plays');

    const items = within(dialog).getByRole('table', { name: 'Plays by item' });
    const cells = (name: string) =>
      within(within(items).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // The kind sits under the name too, for phones, where its column is hidden.
    expect(cells('Summer sale.mp4')).toEqual([
      'Summer sale.mp4Video',
      'Video',
      '800',
      '2 h 30 min',
    ]);
    // Issue 21 item 2: a buyer's ad reads as its campaign and buyer, not "Deleted item".
    expect(cells('Winter sale – ad by Acme Outdoor')).toEqual([
      'Winter sale – ad by Acme OutdoorAd, image',
      'Ad, image',
      '400',
      '33 min 20 s',
    ]);
    expect(cells('Deleted item')).toEqual(['Deleted itemImage', 'Image', '300', '30 min']);
    expect(cells('Ad slot')).toEqual(['Ad slotAd slot', 'Ad slot', '134', '12 min']);

    const gaps = within(dialog).getByRole('region', { name: 'Missing records' });
    expect(gaps).toHaveTextContent('records were lost before they were sent');
    expect(within(gaps).getByRole('listitem')).toHaveTextContent(
      'Lobby TV: 3 records missing between #120 and #124',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(playsCalls(calls)).toHaveLength(2));
    expect(playsCalls(calls)[1]?.search).toBe('?from=2026-02-01&to=2026-03-02');
    expect(within(dialog).getByLabelText('From')).toHaveValue('2026-02-01');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Window screen' })).toHaveFocus(),
    );
  });

  it('refuses a reversed or too long range without asking the server', async () => {
    const calls = stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) => (call.path.endsWith('/plays') ? jsonResponse(makeReport()) : undefined),
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openReport(user);
    await within(dialog).findByText('1,234');
    const from = within(dialog).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-05');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The first day must not be after the last day.',
    );
    expect(from).toBeInvalid();
    expect(from).toHaveAccessibleDescription('The first day must not be after the last day.');
    expect(within(dialog).getByRole('button', { name: 'Download CSV' })).toBeDisabled();

    await user.clear(from);
    await user.type(from, '2025-11-30');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose at most 92 days.');
    await user.clear(from);
    await user.type(from, '2025-12-01');
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(playsCalls(calls).map((call) => call.search)).toContain(
        '?from=2025-12-01&to=2026-03-02',
      ),
    );
    expect(within(dialog).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(playsCalls(calls).every((call) => !call.search.includes('2026-03-05'))).toBe(true);
    expect(playsCalls(calls).every((call) => !call.search.includes('2025-11-30'))).toBe(true);
  });

  it('says when nothing was played, and still shows the gaps', async () => {
    stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) =>
        call.path.endsWith('/plays')
          ? jsonResponse(
              makeReport({
                totals: { plays: 0, shownMs: 0 },
                byDay: makeReport().byDay.map((day) => ({ ...day, plays: 0, shownMs: 0 })),
                byItem: [],
              }),
            )
          : undefined,
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openReport(user);
    expect(
      await within(dialog).findByRole('heading', { name: 'No plays in these days' }),
    ).toBeVisible();
    // Intl's long date may or may not put a comma after the weekday.
    expect(dialog).toHaveTextContent(
      /Nothing the TV showed from Tuesday,? 24 February 2026 to Monday,? 2 March 2026 has reached Screenline\./,
    );
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Missing records' })).toBeVisible();
  });

  it('shows the ad plays billed, not billed by reason and settling, and asks again until settled', async () => {
    // Date as the other tests; the intervals too, so the report's refresh runs when told.
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const adPlays = (settlingPlays: number, billed: number) =>
      makeReport({
        adPlays: {
          billed,
          unbilled: [
            { reason: 'not-offered', plays: 4 },
            { reason: 'too-old', plays: 1 },
          ],
          settling: { plays: settlingPlays, shownMs: settlingPlays * 15_000 },
        },
      });
    let answered = 0;
    const calls = stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) => {
        if (!call.path.endsWith('/plays')) return undefined;
        answered += 1;
        return jsonResponse(answered === 1 ? adPlays(2, 120) : adPlays(0, 122));
      },
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openReport(user);
    const section = await within(dialog).findByRole('region', { name: 'Ad plays' });
    const figures = within(dialog).getByLabelText('Ad plays', { selector: 'dl' });
    expect(figures).toHaveTextContent('Billed120Not billed5Settling2');
    expect(section).toHaveTextContent(
      'Settling: 2 plays are being settled; figures are final within 10 seconds.',
    );
    const reasons = within(section).getByRole('region', { name: 'Not billed, and why' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Not offered to this TV${UNBILLED_REASON_WORDS['not-offered']}4 plays`,
      `Arrived too late${UNBILLED_REASON_WORDS['too-old']}1 play`,
    ]);
    expect(playsCalls(calls)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(SETTLE_INTERVAL_MS));
    await waitFor(() => expect(figures).toHaveTextContent('Billed122Not billed5Settling0'));
    expect(section).not.toHaveTextContent('being settled');
    await act(() => vi.advanceTimersByTimeAsync(SETTLE_INTERVAL_MS * 3));
    expect(playsCalls(calls)).toHaveLength(2);
  });

  it('shows a failed report with a way to try again', async () => {
    let isDown = true;
    let answerFirst: (response: Response) => void = () => undefined;
    const calls = stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) => {
        if (!call.path.endsWith('/plays')) return undefined;
        if (isDown) {
          return new Promise<Response>((resolve) => {
            answerFirst = resolve;
          });
        }
        return jsonResponse(makeReport());
      },
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openReport(user);
    expect(within(dialog).getByRole('status', { name: 'Loading the report' })).toBeVisible();
    answerFirst(
      jsonResponse({ error: { code: 'internal', message: 'Screenline had a problem.' } }, 500),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The report could not be loaded.');
    isDown = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(dialog).findByText('1,234');
    expect(playsCalls(calls)).toHaveLength(2);
  });

  it('downloads the CSV with the API’s credentials and the server’s file name', async () => {
    const calls = stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) => {
        if (!call.path.endsWith('/plays')) return undefined;
        if (call.accept === 'text/csv') {
          return new Response('startedAt,item\n2026-03-02T09:00:00Z,Summer sale.mp4\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition':
                'attachment; filename="plays.csv"; filename*=UTF-8\'\'plays-window-%C3%A9cran-2026-02-24-2026-03-02.csv',
            },
          });
        }
        return jsonResponse(makeReport());
      },
    });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:report');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const saved: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ download: this.download, href: this.href });
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openReport(user);
    await within(dialog).findByText('1,234');
    await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      download: 'plays-window-écran-2026-02-24-2026-03-02.csv',
      href: 'blob:report',
    });
    const csvCall = playsCalls(calls).find((call) => call.accept === 'text/csv');
    expect(csvCall?.search).toBe('?from=2026-02-24&to=2026-03-02');
    const init = vi
      .mocked(fetch)
      .mock.calls.find(([, request]) =>
        new Headers(request?.headers).get('accept')?.startsWith('text/csv'),
      )?.[1];
    expect(init?.credentials).toBe('same-origin');
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toContain('Summer sale.mp4');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:report'));
  });

  it('says why a CSV could not be downloaded', async () => {
    stubApi({
      adSpaces: [makeAdSpace()],
      handler: (call) => {
        if (!call.path.endsWith('/plays')) return undefined;
        return call.accept === 'text/csv'
          ? jsonResponse({ error: { code: 'forbidden', message: 'Only the owner may.' } }, 403)
          : jsonResponse(makeReport());
      },
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openReport(user);
    await within(dialog).findByText('1,234');
    await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The CSV could not be downloaded. Only the owner may.',
    );
  });
});
