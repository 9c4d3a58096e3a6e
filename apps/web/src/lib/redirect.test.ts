import { describe, expect, it } from 'vitest';
import { continueTarget, homeFor, safeRedirectPath, signInPathFor } from '@/lib/redirect';

const owner = { role: 'advertiser', isSU: false } as const;
const buyer = { role: 'publisher', isSU: false } as const;
const newcomer = { role: null, isSU: false } as const;

describe('safeRedirectPath', () => {
  it.each([
    ['/advertiser/locations?tab=map', '/advertiser/locations?tab=map'],
    ['/wallet#history', '/wallet#history'],
  ])('V3.7.2 accepts the same-origin path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'wallet',
    '',
    null,
    42,
    '/\tevil',
    '\\\\evil.example',
    'JavaScript:alert(1)',
    ' //evil.example',
    'https:evil.example',
    '/\n/evil.example',
  ])('V3.7.2 refuses %s (another origin or a script)', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});

describe('continueTarget', () => {
  it('prefers redirectTo, then state.from, then the role dashboard, then onboarding', () => {
    expect(
      continueTarget({
        search: '?redirectTo=%2Fwallet',
        state: { from: '/profile' },
        user: owner,
      }),
    ).toBe('/wallet');
    expect(continueTarget({ search: '', state: { from: '/profile' }, user: owner })).toBe(
      '/profile',
    );
    expect(continueTarget({ search: '', state: null, user: owner })).toBe('/advertiser/dashboard');
    expect(continueTarget({ search: '', state: null, user: buyer })).toBe('/publisher/dashboard');
    expect(continueTarget({ search: '', state: null, user: newcomer })).toBe('/onboarding');
  });

  it('V3.7.2 skips unsafe values and the sign-in page itself', () => {
    expect(
      continueTarget({ search: '?redirectTo=%2F%2Fevil.example', state: null, user: buyer }),
    ).toBe('/publisher/dashboard');
    expect(
      continueTarget({
        search: '?redirectTo=%2Fsignin',
        state: { from: 'https://evil.example' },
        user: newcomer,
      }),
    ).toBe('/onboarding');
  });

  it('sends a super-user to the admin pages, with or without a role (issue 21 item 1)', () => {
    expect(homeFor({ role: null, isSU: true })).toBe('/admin');
    expect(homeFor({ role: 'publisher', isSU: true })).toBe('/admin');
    expect(homeFor(newcomer)).toBe('/onboarding');
    expect(continueTarget({ search: '', state: null, user: { role: null, isSU: true } })).toBe(
      '/admin',
    );
  });

  it('builds the sign-in link the guard uses', () => {
    expect(signInPathFor('/advertiser/locations?tab=map&x=1')).toBe(
      '/signin?redirectTo=%2Fadvertiser%2Flocations%3Ftab%3Dmap%26x%3D1',
    );
  });
});
