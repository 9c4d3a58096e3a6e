import { describe, expect, it } from 'vitest';
import { changeAdSpaceScreen, setupCredentialOf, startScreen } from './screens';

const session = { token: 't', email: 'ann@example.com', name: 'Ann', kind: 'session' as const };
const device = {
  deviceId: 'd1',
  token: 'sld_x',
  account: 'ann@example.com',
  adSpace: {
    id: 'a',
    name: 'Door',
    orientation: 'landscape' as const,
    location: { id: 'l', name: 'Harbour', city: 'Springfield', timeZone: 'Europe/Berlin' },
  },
};

describe('where the TV starts after a reboot', () => {
  it('goes straight back to its ad space when setup was done, with or without a session', () => {
    expect(startScreen(session, device)).toEqual({ kind: 'ready', device });
    expect(startScreen(null, device)).toEqual({ kind: 'ready', device });
  });

  it('goes to setup when signed in but not set up, and to sign-in otherwise', () => {
    expect(startScreen(session, null)).toEqual({
      kind: 'setup',
      credential: { kind: 'sign-in', session },
      current: null,
    });
    expect(startScreen(null, null)).toEqual({ kind: 'signed-out', notice: null });
  });
});

describe('"Change ad space" from the menu', () => {
  it('goes to setup with the TV’s own token, its space chosen in advance: no sign-in needed', () => {
    const screen = changeAdSpaceScreen(device);
    expect(screen).toEqual({
      kind: 'setup',
      credential: { kind: 'device', device },
      current: device.adSpace,
    });
    if (screen.kind !== 'setup') throw new Error('not setup');
    expect(setupCredentialOf(screen.credential)).toEqual({
      token: 'sld_x',
      account: 'ann@example.com',
    });
  });

  it('sets up with the sign-in’s credential otherwise, the account shown when known', () => {
    expect(setupCredentialOf({ kind: 'sign-in', session })).toEqual({
      token: 't',
      account: 'ann@example.com',
    });
    expect(
      setupCredentialOf({ kind: 'sign-in', session: { ...session, email: '', kind: 'pairing' } }),
    ).toEqual({ token: 't', account: null });
  });
});
