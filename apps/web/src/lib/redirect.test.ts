import { describe, expect, it } from 'vitest';
import { continueTarget, roleHome, safeRedirectPath, signInPathFor } from '@/lib/redirect';

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
        role: 'advertiser',
      }),
    ).toBe('/wallet');
    expect(continueTarget({ search: '', state: { from: '/profile' }, role: 'advertiser' })).toBe(
      '/profile',
    );
    expect(continueTarget({ search: '', state: null, role: 'advertiser' })).toBe(
      '/advertiser/dashboard',
    );
    expect(continueTarget({ search: '', state: null, role: 'publisher' })).toBe(
      '/publisher/dashboard',
    );
    expect(continueTarget({ search: '', state: null, role: null })).toBe('/onboarding');
  });

  it('V3.7.2 skips unsafe values and the sign-in page itself', () => {
    expect(
      continueTarget({ search: '?redirectTo=%2F%2Fevil.example', state: null, role: 'publisher' }),
    ).toBe('/publisher/dashboard');
    expect(
      continueTarget({
        search: '?redirectTo=%2Fsignin',
        state: { from: 'https://evil.example' },
        role: null,
      }),
    ).toBe('/onboarding');
  });

  it('builds the sign-in link the guard uses', () => {
    expect(signInPathFor('/advertiser/locations?tab=map&x=1')).toBe(
      '/signin?redirectTo=%2Fadvertiser%2Flocations%3Ftab%3Dmap%26x%3D1',
    );
    expect(roleHome(null)).toBe('/onboarding');
  });
});
