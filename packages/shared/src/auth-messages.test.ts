import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-messages';

describe('auth error messages', () => {
  it('shows the server’s own sentence for an account that still holds money', () => {
    const message = 'Your account cannot be deleted while it holds money: €5.00 available.';
    expect(authErrorMessage({ code: 'ACCOUNT_HOLDS_MONEY', status: 400, message })).toBe(message);
  });

  it('shows the server’s sentence for an account paused after wrong passwords (how long to wait)', () => {
    const message =
      'Too many wrong passwords for this account. Try again in 2 minutes, or reset your password.';
    expect(authErrorMessage({ code: 'ACCOUNT_TEMPORARILY_LIMITED', status: 429, message })).toBe(
      message,
    );
    // A 429 from a limit per address keeps the product's sentence.
    expect(authErrorMessage({ code: 'TOO_MANY_REQUESTS', status: 429, message: 'x' })).toBe(
      'Too many attempts. Wait a minute, then try again.',
    );
  });

  it('shows the server’s reason for refusing a common password', () => {
    const message =
      'This password is one of the most common passwords, so it would be among the first guesses. Choose another: three or four unrelated words make a strong password.';
    expect(authErrorMessage({ code: 'PASSWORD_TOO_COMMON', status: 400, message })).toBe(message);
  });

  it('keeps the product’s sentence for every other code, whatever the server wrote', () => {
    expect(
      authErrorMessage({ code: 'INVALID_PASSWORD', status: 400, message: 'Invalid password' }),
    ).toBe('That password is not correct.');
  });
});
