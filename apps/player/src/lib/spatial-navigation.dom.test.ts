// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { entryOf } from './spatial-navigation';

afterEach(() => {
  document.body.innerHTML = '';
});

function footer(isContinueEnabled: boolean) {
  document.body.innerHTML = `
    <button id="card">Door screen</button>
    <footer data-nav-group>
      <button id="sign-out">Sign out</button>
      <button id="refresh" data-nav-entry="2">Refresh</button>
      <button id="continue" data-nav-entry="1" ${isContinueEnabled ? '' : 'disabled'}>Continue</button>
    </footer>`;
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return { card: byId('card'), signOut: byId('sign-out'), refresh: byId('refresh') };
}

describe('entryOf (issue 21 item 4)', () => {
  it('enters the buttons on Continue, whichever button geometry picked', () => {
    const { card, signOut } = footer(true);
    expect(entryOf(signOut, card).id).toBe('continue');
  });

  it('enters on Refresh while Continue is disabled', () => {
    const { card, signOut } = footer(false);
    expect(entryOf(signOut, card).id).toBe('refresh');
  });

  it('moves freely inside the group once there', () => {
    const { signOut, refresh } = footer(true);
    expect(entryOf(signOut, refresh).id).toBe('sign-out');
  });

  it('leaves targets outside any group as they are', () => {
    const { card, refresh } = footer(true);
    expect(entryOf(card, refresh).id).toBe('card');
  });
});
