import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, type InitialEntry } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth, makeUser } from '@/test/fixtures';
import type { TAuthContextValue } from '@/lib/auth-context';
import { renderWithAuth } from '@/test/render';
import { routes } from '@/app/routes';

/**
 * Renders the real route table at `entry` with a given auth state, and records every location the
 * router passes through (a redirect chain such as /advertiser/x → / → /signin → … is visible).
 */
function renderAt(entry: InitialEntry, auth: TAuthContextValue) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const visited: string[] = [];
  router.subscribe((state) => {
    const here = state.location.pathname + state.location.search;
    if (visited.at(-1) !== here) visited.push(here);
  });
  renderWithAuth(router, auth);
  const location = () => router.state.location;
  const settlesAt = async (path: string) => {
    await waitFor(() => expect(location().pathname + location().search).toBe(path), {
      timeout: 3000,
    });
  };
  return { router, visited, location, settlesAt };
}

const anonymous = makeAuth(null);
const advertiser = makeAuth(makeUser({ role: 'advertiser' }));
const publisher = makeAuth(makeUser({ role: 'publisher' }));
const noRole = makeAuth(makeUser({ role: null }));
const superUser = makeAuth(makeUser({ role: 'advertiser', isSU: true }));
const rolelessSuperUser = makeAuth(makeUser({ role: null, isSU: true }));

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined); // page views that could not be posted
  // The pages call the API (policy, health, page views); answer everything with a plain 404.
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(jsonResponse({ error: { code: 'not-found', message: 'Not found.' } }, 404)),
    ),
  );
});

describe('signed-in guard', () => {
  it('sends an anonymous deep link to /signin with redirectTo holding path and query', async () => {
    const app = renderAt('/advertiser/locations?tab=map&page=2', anonymous);
    await app.settlesAt('/signin?redirectTo=%2Fadvertiser%2Flocations%3Ftab%3Dmap%26page%3D2');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to Screenline' }),
    ).toBeInTheDocument();
  });

  it('protects every signed-in route, not only role areas', async () => {
    const app = renderAt('/profile', anonymous);
    await app.settlesAt('/signin?redirectTo=%2Fprofile');
  });

  it('sends a user who chose to sign out to /signin without a redirectTo', async () => {
    const app = renderAt('/wallet', makeAuth(null, { hasSignedOut: true }));
    await app.settlesAt('/signin');
  });

  it('replace-navigates a wrong-role user to /, which ends on their own dashboard', async () => {
    const app = renderAt('/advertiser/locations', publisher);
    await app.settlesAt('/publisher/dashboard');
    expect(app.visited).toEqual(['/advertiser/locations', '/', '/signin', '/publisher/dashboard']);
    // Replace navigations: nothing to go back to.
    expect(app.router.state.historyAction).toBe('REPLACE');
  });

  it('sends a user without a role to onboarding from a role area', async () => {
    const app = renderAt('/publisher/ad-campaigns', noRole);
    await app.settlesAt('/onboarding');
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Screenline' }),
    ).toBeInTheDocument();
  });

  it('lets the right role in, inside the dashboard layout', async () => {
    const app = renderAt('/advertiser/monetize', advertiser);
    await app.settlesAt('/advertiser/monetize');
    expect(await screen.findByRole('heading', { level: 1, name: 'Monetize' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});

describe('a profile that could not be read', () => {
  // SPEC §4: the bare auth user (no role, not a super-user) stands in; the guards must not judge it.
  const unreadable = makeAuth(makeUser({ role: null, isSU: false }), { hasProfileError: true });

  it.each(['/advertiser/dashboard', '/publisher/ad-campaigns', '/onboarding', '/admin/page-views'])(
    '%s shows a retry message instead of redirecting',
    async (path) => {
      const app = renderAt(path, unreadable);
      expect(
        await screen.findByText('Your account details could not be loaded', {}, { timeout: 3000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(app.location().pathname).toBe(path);
    },
  );

  it('"Try again" reads the profile again', async () => {
    const refresh = vi.fn(() => Promise.resolve());
    renderAt('/advertiser/dashboard', { ...unreadable, refresh });
    (await screen.findByRole('button', { name: 'Try again' })).click();
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
  });

  it('sign-in does not continue to onboarding', async () => {
    const app = renderAt('/signin', unreadable);
    expect(await screen.findByText('Your account details could not be loaded')).toBeInTheDocument();
    expect(app.location().pathname).toBe('/signin');
  });

  it('pages that need no role still open with the bare user', async () => {
    const app = renderAt('/profile', unreadable);
    await app.settlesAt('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  it('waits (loading screen) while the profile is read or retried', async () => {
    const app = renderAt('/advertiser/dashboard', makeAuth(null, { loading: true }));
    // The lazy route's fallback and the guard show the same loading screen, one replacing the
    // other: query inside waitFor so a replaced element is never the one asserted on.
    await waitFor(() => {
      expect(screen.getByText('Loading…')).toBeInTheDocument();
    });
    expect(app.location().pathname).toBe('/advertiser/dashboard');
  });
});

describe('super-user guard', () => {
  it('sends an anonymous visitor to /signin with the origin as navigation state', async () => {
    const app = renderAt('/admin/page-views', anonymous);
    await app.settlesAt('/signin');
    expect(app.location().state).toEqual({ from: '/admin/page-views' });
  });

  it('sends a signed-in non-super-user to /', async () => {
    const app = renderAt('/admin/wallet-approvals', advertiser);
    await app.settlesAt('/advertiser/dashboard');
    expect(app.visited.slice(0, 2)).toEqual(['/admin/wallet-approvals', '/']);
  });

  it('lets a super-user in; /admin goes to wallet approvals and the Admin group is in the nav', async () => {
    const app = renderAt('/admin', superUser);
    await app.settlesAt('/admin/wallet-approvals');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wallet approvals' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Page views' })).toHaveAttribute(
      'href',
      '/admin/page-views',
    );
  });
});

describe('/admin/proof-of-play', () => {
  it('is behind the super-user guard', async () => {
    const anonymousVisit = renderAt('/admin/proof-of-play', anonymous);
    await anonymousVisit.settlesAt('/signin');
    expect(anonymousVisit.location().state).toEqual({ from: '/admin/proof-of-play' });
  });

  it('sends a signed-in non-super-user to /', async () => {
    const app = renderAt('/admin/proof-of-play', publisher);
    await app.settlesAt('/publisher/dashboard');
    expect(app.visited.slice(0, 2)).toEqual(['/admin/proof-of-play', '/']);
  });

  it('opens for a super-user, linked from the Admin navigation', async () => {
    const app = renderAt('/admin/proof-of-play', superUser);
    await app.settlesAt('/admin/proof-of-play');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Proof of play' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proof of play' })).toHaveAttribute(
      'href',
      '/admin/proof-of-play',
    );
  });
});

describe('/admin/ad-campaigns', () => {
  it('sends a signed-in non-super-user to /', async () => {
    const app = renderAt('/admin/ad-campaigns', publisher);
    await app.settlesAt('/publisher/dashboard');
    expect(app.visited.slice(0, 2)).toEqual(['/admin/ad-campaigns', '/']);
  });

  it('opens for a super-user, linked from the Admin navigation', async () => {
    const app = renderAt('/admin/ad-campaigns', superUser);
    await app.settlesAt('/admin/ad-campaigns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Campaigns' })).toHaveAttribute(
      'href',
      '/admin/ad-campaigns',
    );
  });
});

describe('sign-in continues', () => {
  it('to redirectTo after the user is signed in', async () => {
    const app = renderAt('/signin?redirectTo=%2Fwallet%3Ftab%3Dhistory', publisher);
    await app.settlesAt('/wallet?tab=history');
  });

  it('to the origin passed as state', async () => {
    const app = renderAt({ pathname: '/signin', state: { from: '/admin/page-views' } }, superUser);
    await app.settlesAt('/admin/page-views');
  });

  it("to the role's dashboard, else onboarding", async () => {
    const first = renderAt('/signin', advertiser);
    await first.settlesAt('/advertiser/dashboard');
    expect(await screen.findByRole('heading', { name: /Welcome, Ada/ })).toBeInTheDocument();
  });

  it('to onboarding without a role, ignoring an off-site redirectTo', async () => {
    const app = renderAt('/signin?redirectTo=%2F%2Fevil.example%2F', noRole);
    await app.settlesAt('/onboarding');
  });

  it('shows the form to an anonymous visitor', async () => {
    const app = renderAt('/signin', anonymous);
    await app.settlesAt('/signin');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});

describe('a super-user lands where they work (issue 21 item 1)', () => {
  it.each([
    ['without a role', rolelessSuperUser],
    ['with a role', superUser],
  ])('sign-in continues to the approval queues, %s', async (_label, auth) => {
    const app = renderAt('/signin', auth);
    await app.settlesAt('/admin/wallet-approvals');
    expect(app.visited).not.toContain('/onboarding');
  });

  it('/dashboard goes to the admin pages for a role-less super-user', async () => {
    const app = renderAt('/dashboard', rolelessSuperUser);
    await app.settlesAt('/admin/wallet-approvals');
    expect(app.visited).not.toContain('/onboarding');
  });

  it('the admin pages carry no "Choose your role" box', async () => {
    renderAt('/admin/payout-approvals', rolelessSuperUser);
    expect(await screen.findByRole('link', { name: 'Wallet approvals' })).toBeInTheDocument();
    expect(screen.queryByText('Finish setting up')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Choose your role' })).not.toBeInTheDocument();
  });

  it('the role chooser, if reached, links to the admin pages', async () => {
    renderAt('/onboarding', rolelessSuperUser);
    expect(await screen.findByRole('link', { name: 'Go to the admin pages' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('a user without a role still gets the "Choose your role" box and no admin link', async () => {
    renderAt('/profile', noRole);
    expect(await screen.findByRole('link', { name: 'Choose your role' })).toBeInTheDocument();
    renderAt('/onboarding', noRole);
    expect(
      await screen.findByRole('heading', { name: 'Welcome to Screenline' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to the admin pages' })).not.toBeInTheDocument();
  });
});

describe('/profile', () => {
  it('promises no receipts until they exist (issue 21, lows)', async () => {
    renderAt('/profile', publisher);
    expect(await screen.findByText('How you appear to the Screenline team.')).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/receipt/i);
  });
});

describe('/ and /dashboard', () => {
  it('/ goes to redirectTo when present', async () => {
    const app = renderAt('/?redirectTo=%2Fhelp%2Fintroduction', anonymous);
    await app.settlesAt('/help/introduction');
  });

  it('/ goes to /signin otherwise', async () => {
    const app = renderAt('/', anonymous);
    await app.settlesAt('/signin');
  });

  it.each([
    ['//evil.example', '%2F%2Fevil.example'],
    ['/\\evil.example', '%2F%5Cevil.example'],
    ['https://evil.example', 'https%3A%2F%2Fevil.example'],
    ['javascript:alert(1)', 'javascript%3Aalert(1)'],
  ])('V3.7.2 / and /dashboard refuse the off-site redirectTo %s', async (_value, encoded) => {
    const app = renderAt(`/?redirectTo=${encoded}`, anonymous);
    await app.settlesAt('/signin');
    const signedIn = renderAt(`/dashboard?redirectTo=${encoded}`, publisher);
    await signedIn.settlesAt('/publisher/dashboard');
  });

  it('/dashboard follows the same rule for a signed-in user', async () => {
    const withTarget = renderAt('/dashboard?redirectTo=%2Fprofile', advertiser);
    await withTarget.settlesAt('/profile');
  });

  it('/dashboard without redirectTo ends on the role dashboard via /signin', async () => {
    const app = renderAt('/dashboard', publisher);
    await app.settlesAt('/publisher/dashboard');
    expect(app.visited).toEqual(['/dashboard', '/signin', '/publisher/dashboard']);
  });
});

describe('role-area redirects', () => {
  it.each([
    ['/advertiser', '/advertiser/dashboard'],
    ['/advertiser/content', '/content'],
    ['/advertiser/wallet', '/wallet'],
    ['/publisher', '/publisher/dashboard'],
    ['/publisher/content', '/content'],
    ['/publisher/wallet', '/wallet'],
  ])('%s → %s', async (from, to) => {
    const app = renderAt(from, from.startsWith('/advertiser') ? advertiser : publisher);
    await app.settlesAt(to);
  });
});

describe('help redirects', () => {
  it.each([
    ['/help/advertiser/content', '/help/content'],
    ['/help/advertiser/playlists/edit/abc', '/help/advertiser/playlists'],
    ['/help/publisher/ad-campaigns/view/1/results', '/help/publisher/ad-campaigns'],
    ['/help/tv/unknown', '/help/publisher/ad-campaigns'],
    ['/help/tv', '/help/tv/player'],
    ['/help/tv/', '/help/tv/player'],
    ['/help/nothing/here', '/help'],
  ])('%s → %s', async (from, to) => {
    const app = renderAt(from, anonymous);
    await app.settlesAt(to);
  });

  it('keeps the TV guide with its five sections and a link to /help', async () => {
    const app = renderAt('/help/tv/player', anonymous);
    await app.settlesAt('/help/tv/player');
    for (const name of [
      'What is the TV Player',
      'How Does Playback Work',
      'Downloading & Caching Content',
      'Ad Impressions Tracking',
      'Best Practices',
    ]) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Back to Help home' })).toHaveAttribute(
      'href',
      '/help',
    );
  });

  it('shows the TV sign-in screen, both ways to sign in and the way back to /help', async () => {
    const app = renderAt('/help/tv/sign-in', anonymous);
    await app.settlesAt('/help/tv/sign-in');
    expect(
      await screen.findByRole('img', { name: /The Screenline TV sign-in screen/ }),
    ).toHaveAttribute('src', expect.stringMatching(/tv-sign-in.*\.webp$/));
    for (const name of ['Sign in with email and password', 'Pair with a QR code']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: '/pair' })).toHaveAttribute('href', '/pair');
    expect(screen.getByRole('link', { name: 'Back to Help home' })).toHaveAttribute(
      'href',
      '/help',
    );
  });

  it('explains TV setup: the list, no ad spaces, the player menu and reusing a TV', async () => {
    const app = renderAt('/help/tv/setup', anonymous);
    await app.settlesAt('/help/tv/setup');
    for (const name of [
      'Choose the ad space',
      'No Ad Spaces Found',
      'The player menu',
      'Using the same TV again',
    ]) {
      expect(await screen.findByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const noSpaces = screen.getByRole('region', { name: 'No Ad Spaces Found' });
    expect(within(noSpaces).getByRole('link', { name: 'Ad spaces' })).toHaveAttribute(
      'href',
      '/advertiser/ad-spaces',
    );
  });

  it('serves /contact inside the help layout to anonymous visitors', async () => {
    const app = renderAt('/contact', anonymous);
    await app.settlesAt('/contact');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact us' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Help topics' }).length).toBeGreaterThan(0);
  });
});

describe('unknown paths', () => {
  it('show "Page not found" with a link home', async () => {
    renderAt('/no/such/page', anonymous);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
