import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '@screenline/shared/auth-messages';
import { signInWithPassword } from './sign-in-with-password';

function answer(body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('the TV’s password sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs in as a bearer client', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer({ user: { email: 'ada@example.com', name: 'Ada' } }, { 'set-auth-token': 'tok' }),
      ),
    );
    await expect(signInWithPassword('ada@example.com', 'pw')).resolves.toMatchObject({
      token: 'tok',
      kind: 'session',
    });
  });

  it('says in words that an account with two-factor sign-in pairs by QR code instead (issue 18 item 4)', async () => {
    // A right password of such an account: the server asks for a code and makes no session.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer({ twoFactorRedirect: true, twoFactorMethods: ['totp'] }, { 'set-auth-token': 'x' }),
      ),
    );
    const refused = signInWithPassword('ada@example.com', 'pw');
    await expect(refused).rejects.toMatchObject({ code: 'two-factor-on-tv' });
    await expect(refused).rejects.toThrow(AUTH_ERROR_MESSAGES['two-factor-on-tv']);
    expect(AUTH_ERROR_MESSAGES['two-factor-on-tv']).toMatch(/two-factor sign-in.*QR code/);
  });
});
