import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-messages';

describe('auth error messages', () => {
  it('shows the server’s own sentence for an account that still holds money', () => {
    const message = 'Your account cannot be deleted while it holds money: €5.00 available.';
    expect(authErrorMessage({ code: 'ACCOUNT_HOLDS_MONEY', status: 400, message })).toBe(message);
  });

  it('keeps the product’s sentence for every other code, whatever the server wrote', () => {
    expect(
      authErrorMessage({ code: 'INVALID_PASSWORD', status: 400, message: 'Invalid password' }),
    ).toBe('That password is not correct.');
  });
});
