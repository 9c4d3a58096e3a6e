import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UNBILLED_REASONS, UNBILLED_REASON_WORDS } from '@screenline/shared/proof-of-play';
import { routes } from '@/app/routes';
import { ARRIVAL_RULES, SETTLEMENT_RULES } from '@/features/help/components/billing-rules';
import { filterHelpSections, HELP_SECTIONS } from '@/features/help/help-topics';
import { paths } from '@/lib/paths';
import { jsonResponse, makeAuth } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';

/** The real route table at `entry` for an anonymous visitor (help is open to everyone). */
function renderAt(entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  renderWithAuth(router, makeAuth(null));
  return router;
}

/** Lazy pages load slowly on a busy machine: wait for the first element longer than 1 s. */
const LOADED = { timeout: 10_000 };

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined); // page views not posted
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(jsonResponse({ error: { code: 'not-found', message: 'Not found.' } }, 404)),
    ),
  );
});

const articles = HELP_SECTIONS.flatMap((section) => section.topics).filter(
  (topic) => topic.to.startsWith(paths.help.home), // /contact is the contact form, not an article
);

describe('help home search', { timeout: 30_000 }, () => {
  it('filters the topic cards by title, summary and keywords, and says how many match', async () => {
    const user = userEvent.setup();
    const router = renderAt('/help');
    const search = await screen.findByRole('searchbox', { name: 'Search help' }, LOADED);
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: /Wallet|Locations/ })).toHaveLength(2);

    await user.type(search, 'IBAN'); // a keyword only: neither title nor summary says it
    expect(within(main).getByRole('link', { name: /^Wallet/ })).toHaveAttribute(
      'href',
      '/help/wallet',
    );
    expect(within(main).queryByRole('link', { name: /^Locations/ })).not.toBeInTheDocument();
    expect(within(main).getByRole('status')).toHaveTextContent('1 topic matches “IBAN”.');
    expect(router.state.location.search).toBe('?q=IBAN');

    await user.clear(search);
    await user.type(search, 'floor price'); // every word must match
    expect(within(main).getByRole('link', { name: /^Monetize/ })).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: /^Wallet/ })).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing matches, and all topics again on request', async () => {
    const user = userEvent.setup();
    renderAt('/help?q=zebra%20crossing');
    expect(
      await screen.findByRole('heading', { name: 'No topic matches your search' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search help' })).toHaveValue('zebra crossing');
    expect(screen.getByRole('link', { name: 'ask us directly' })).toHaveAttribute(
      'href',
      '/contact',
    );

    await user.click(screen.getByRole('button', { name: 'Show all topics' }));
    const cards = within(screen.getByRole('main'))
      .getAllByRole('listitem')
      .map((card) => within(card).getByRole('link').getAttribute('href'));
    expect(cards).toEqual(HELP_SECTIONS.flatMap((section) => section.topics.map((t) => t.to)));
  });

  it('matches without case, accents or punctuation mattering', () => {
    const titles = (query: string) =>
      filterHelpSections(query).flatMap((section) => section.topics.map((topic) => topic.title));
    expect(titles('TOP-UP')).toEqual(['Wallet']);
    expect(titles('  qr  ')).toEqual(
      expect.arrayContaining(['Ad campaigns', 'TV sign in', 'TV player guide']),
    );
    expect(titles('')).toHaveLength(articles.length + 1); // and Contact us
    expect(filterHelpSections('nothing-like-this')).toEqual([]);
  });
});

describe('every help page', { timeout: 30_000 }, () => {
  it.each(articles.map((topic) => [topic.to, topic.title]))(
    '%s renders “%s” accessibly, with the way back to /help',
    async (path, title) => {
      const router = renderAt(path);
      const main = await screen.findByRole('main', {}, LOADED);
      expect(
        await within(main).findByRole('heading', { level: 1, name: title }, LOADED),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe(path);

      // Headings in order: one h1 first, and no level skipped on the way down.
      const levels = within(main)
        .getAllByRole('heading')
        .map((heading) => Number(heading.tagName.slice(1)));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, index) => {
        if (index > 0) expect(level).toBeLessThanOrEqual(levels[index - 1]! + 1);
      });

      // Every picture says what it shows; every video has captions and a text version.
      for (const image of main.querySelectorAll('img')) {
        expect(image.getAttribute('alt')?.length ?? 0).toBeGreaterThan(20);
        expect(image.closest('figure')?.querySelector('figcaption')).not.toBeNull();
        // Light-theme screenshots sit in a frame that sets them apart from a dark page.
        expect(image.closest('[data-help-frame]')).not.toBeNull();
      }
      for (const video of main.querySelectorAll('video')) {
        expect(video.querySelector('track[kind="captions"]')).not.toBeNull();
        expect(video).toHaveAttribute('controls');
        expect(video).not.toHaveAttribute('autoplay');
        const describedBy = video.getAttribute('aria-describedby') ?? '';
        expect(document.getElementById(describedBy)?.querySelectorAll('li').length).toBeGreaterThan(
          2,
        );
      }

      expect(within(main).getByRole('link', { name: 'Back to Help home' })).toHaveAttribute(
        'href',
        '/help',
      );
    },
  );

  it('gives the introduction its walkthrough video, four sections and a picture per role', async () => {
    renderAt('/help/introduction');
    const main = await screen.findByRole('main', {}, LOADED);
    for (const name of ['What is it', 'Who is it for', 'How does it work', 'Why use it']) {
      expect(
        await within(main).findByRole('heading', { level: 2, name }, LOADED),
      ).toBeInTheDocument();
    }
    const video = main.querySelector('video');
    expect(video?.querySelector('source')?.getAttribute('src')).toMatch(
      /intro-walkthrough.*\.webm$/,
    );
    const howItWorks = within(main).getByRole('region', { name: 'How does it work' });
    expect(within(howItWorks).getByRole('img', { name: /screen owner dashboard/ })).toBeVisible();
    expect(within(howItWorks).getByRole('img', { name: /ad buyer dashboard/ })).toBeVisible();
  });

  it('maps the roles people see to the stored values, in "Who is it for" (issue 21 item 7)', async () => {
    renderAt('/help/introduction');
    const main = await screen.findByRole('main', {}, LOADED);
    const who = await within(main).findByRole('region', { name: 'Who is it for' }, LOADED);
    expect(who).toHaveTextContent('advertiser is the screen owner and publisher is the ad buyer');
  });

  it('gives TV sign-in its screenshot, demo video and link to /help', async () => {
    renderAt('/help/tv/sign-in');
    const main = await screen.findByRole('main', {}, LOADED);
    await within(main).findByRole('heading', { level: 1, name: 'TV sign in' }, LOADED);
    expect(main.querySelector('video source')?.getAttribute('src')).toMatch(
      /tv-sign-in-demo.*\.webm$/,
    );
    expect(within(main).getByRole('img', { name: /TV sign-in screen/ })).toBeVisible();
  });
});

describe('what is billed, and when', { timeout: 30_000 }, () => {
  it('names every reason a play is not billed, in one group or the other', () => {
    expect([...ARRIVAL_RULES, ...SETTLEMENT_RULES, 'legacy'].sort()).toEqual(
      [...UNBILLED_REASONS].sort(),
    );
  });

  it.each([paths.help.monetize, paths.help.adCampaigns, paths.help.wallet])(
    '%s states the rules in their words, the settle delay and the 72-hour age limit',
    async (path) => {
      renderAt(path);
      const main = await screen.findByRole('main', {}, LOADED);
      await within(main).findByRole('heading', { level: 1 }, LOADED);
      for (const reason of [...ARRIVAL_RULES, ...SETTLEMENT_RULES]) {
        expect(main).toHaveTextContent(UNBILLED_REASON_WORDS[reason]);
      }
      expect(main).toHaveTextContent('within 10 seconds of arriving');
      expect(main).toHaveTextContent(/more than 72 hours|up to 72 hours/);
      expect(main).toHaveTextContent('plus 0.5 seconds');
    },
  );

  it.each([paths.help.adCampaigns, paths.help.wallet])(
    '%s says the hold returns 72 hours and 5 minutes after a cancel or the end',
    async (path) => {
      renderAt(path);
      const main = await screen.findByRole('main', {}, LOADED);
      await within(main).findByRole('heading', { level: 1 }, LOADED);
      expect(main).toHaveTextContent(
        /for 72 hours and 5 minutes after (the end or the cancel|it ends or is canceled)/,
      );
      expect(main).not.toHaveTextContent('returns to your wallet at once');
    },
  );
});

describe('help redirects land on a page that renders', { timeout: 30_000 }, () => {
  it.each([
    ['/help/advertiser/content', '/help/content', 'Content library'],
    ['/help/advertiser/playlists/new', '/help/advertiser/playlists', 'Playlists'],
    ['/help/advertiser/playlists/view/p1/player', '/help/advertiser/playlists', 'Playlists'],
    ['/help/publisher/ad-campaigns/new', '/help/publisher/ad-campaigns', 'Ad campaigns'],
    [
      '/help/publisher/ad-campaigns/view/c1/overview',
      '/help/publisher/ad-campaigns',
      'Ad campaigns',
    ],
    ['/help/tv/pairing', '/help/publisher/ad-campaigns', 'Ad campaigns'],
    ['/help/tv', '/help/tv/player', 'TV player guide'],
    ['/help/advertiser', '/help', 'How can we help?'],
    ['/help/no/such/page', '/help', 'How can we help?'],
  ])('%s → %s', async (from, to, title) => {
    const router = renderAt(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to), LOADED);
    expect(
      await screen.findByRole('heading', { level: 1, name: title }, LOADED),
    ).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
