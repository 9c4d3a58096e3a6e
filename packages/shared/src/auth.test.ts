import { describe, expect, it } from 'vitest';
import { makeChangePasswordSchema, makeNewPasswordSchema, makeSignUpSchema, ZEmail } from './auth';

const issuesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('the new-password rule', () => {
  it('is the same confirmation in sign-up, reset and change-password', () => {
    const mismatch = 'confirmPassword: The passwords do not match.';
    expect(
      issuesOf(
        makeSignUpSchema(8).safeParse({
          email: 'a@example.com',
          password: 'long-enough-1',
          confirmPassword: 'long-enough-2',
        }),
      ),
    ).toEqual([mismatch]);
    expect(
      issuesOf(
        makeNewPasswordSchema(8).safeParse({ password: 'long-enough-1', confirmPassword: 'x' }),
      ),
    ).toEqual([mismatch]);
    expect(
      issuesOf(
        makeChangePasswordSchema(8).safeParse({
          currentPassword: 'old-password',
          password: 'long-enough-1',
          confirmPassword: 'long-enough-2',
        }),
      ),
    ).toEqual([mismatch]);
  });

  it('refuses changing the password to the current one', () => {
    expect(
      issuesOf(
        makeChangePasswordSchema(8).safeParse({
          currentPassword: 'same-password',
          password: 'same-password',
          confirmPassword: 'same-password',
        }),
      ),
    ).toEqual(['password: Choose a password different from your current one.']);
  });

  it('accepts a new, confirmed password', () => {
    expect(
      makeChangePasswordSchema(8).safeParse({
        currentPassword: 'old-password',
        password: 'new-password',
        confirmPassword: 'new-password',
      }).success,
    ).toBe(true);
  });
});

describe('ZEmail (issue 18 item 7)', () => {
  const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
  it('takes an address of 254 characters and refuses 255 with a sentence', () => {
    expect(ZEmail.safeParse(address(254)).success).toBe(true);
    const long = ZEmail.safeParse(address(255));
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe('Use an email address of at most 254 characters.');
    expect(ZEmail.safeParse(address(60_000)).success).toBe(false);
  });
});
