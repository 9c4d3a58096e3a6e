import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeAuth, makeContentItem, makeUser } from '@/test/fixtures';
import { renderWithAuth } from '@/test/render';
import type { TAuthUser } from '@/lib/auth-context';
import { routes } from '@/app/routes';

const item = makeContentItem({ name: 'Menu board' });

function renderAt(path: string, user: TAuthUser, libraryItems: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        url.startsWith('/api/v1/content')
          ? jsonResponse({ items: libraryItems, nextCursor: null })
          : jsonResponse({ error: { code: 'not-found', message: 'Not found.' } }, 404),
      ),
    ),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithAuth(router, makeAuth(user));
}

const step = async (name: string) =>
  (await screen.findByText(name, {}, { timeout: 3000 })).closest('li') as HTMLElement;

beforeEach(() => {
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('getting-started checklist', () => {
  it('ticks off "Upload content" for an owner whose library has items', async () => {
    renderAt('/advertiser/dashboard', makeUser({ role: 'advertiser' }), [item]);
    const upload = await step('Upload content');
    expect(await within(upload).findByText('Done')).toBeInTheDocument();
    // Steps read from lists this stub refuses (404) stay undone.
    expect(within(await step('Add a location')).queryByText('Done')).toBeNull();
  });

  it('leaves it undone while the library is empty', async () => {
    renderAt('/advertiser/dashboard', makeUser({ role: 'advertiser' }), []);
    const upload = await step('Upload content');
    expect(within(upload).queryByText('Done')).toBeNull();
  });

  it('ticks off "Upload your creatives" for an ad buyer with creatives', async () => {
    renderAt('/publisher/dashboard', makeUser({ role: 'publisher' }), [item]);
    expect(
      await within(await step('Upload your creatives')).findByText('Done'),
    ).toBeInTheDocument();
  });
});

describe("the ad buyer's dashboard", () => {
  it('does not offer to connect a TV', async () => {
    renderAt('/publisher/dashboard', makeUser({ role: 'publisher' }), []);
    await step('Fund your wallet');
    expect(screen.queryByRole('link', { name: 'Connect a TV' })).toBeNull();
    expect(screen.queryByText(/connect a TV/i)).toBeNull();
  });

  it("is offered on the screen owner's", async () => {
    renderAt('/advertiser/dashboard', makeUser({ role: 'advertiser' }), []);
    expect(await screen.findByRole('link', { name: 'Connect a TV' })).toBeInTheDocument();
  });
});

describe('email verification landing', () => {
  it('says the email is verified on /profile?verified=1', async () => {
    renderAt('/profile?verified=1', makeUser({ emailVerified: true }), []);
    expect(
      await screen.findByText('Your email is verified', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});
