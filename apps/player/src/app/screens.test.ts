import { describe, expect, it } from 'vitest';
import { startScreen } from './screens';

const session = { token: 't', email: 'ann@example.com', name: 'Ann' };
const device = {
  deviceId: 'd1',
  token: 'sld_x',
  adSpace: {
    id: 'a',
    name: 'Door',
    orientation: 'landscape' as const,
    location: { id: 'l', name: 'Harbour', city: 'Springfield', timeZone: 'Europe/Berlin' },
  },
};

describe('where the TV starts after a reboot', () => {
  it('goes straight back to its ad space when setup was done, with or without a session', () => {
    expect(startScreen(session, device)).toEqual({ kind: 'ready', session, device });
    expect(startScreen(null, device)).toEqual({ kind: 'ready', session: null, device });
  });

  it('goes to setup when signed in but not set up, and to sign-in otherwise', () => {
    expect(startScreen(session, null)).toEqual({ kind: 'setup', session, current: null });
    expect(startScreen(null, null)).toEqual({ kind: 'signed-out', notice: null });
  });
});
