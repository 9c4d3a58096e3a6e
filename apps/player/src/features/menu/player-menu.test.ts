// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDeviceInfo } from './device-info';
import { PlayerMenu } from './player-menu';
import { useMenuKey } from '../../lib/remote-keys';

const INFO: TDeviceInfo = {
  deviceId: 'd-42',
  appVersion: '0.1.0',
  adSpace: {
    id: 'a1',
    name: 'Window',
    orientation: 'landscape',
    location: { id: 'l1', name: 'Harbour', city: 'Springfield', timeZone: 'America/New_York' },
  },
  manifestVersion: 'm-7',
  cache: { filesReady: 3, filesNeeded: 4, bytesReady: 10, bytesNeeded: 20, problem: null },
  storage: { usedBytes: 1_500_000_000, quotaBytes: 8_000_000_000, persisted: true },
  lastSyncAt: Date.UTC(2026, 10, 22, 20, 0),
};

function setUp(props: Partial<Parameters<typeof PlayerMenu>[0]> = {}) {
  const handlers = {
    readInfo: vi.fn(() => Promise.resolve(INFO)),
    onChangeAdSpace: vi.fn(),
    onSignOut: vi.fn(),
    onClose: vi.fn(),
  };
  const onMenu = vi.fn();
  // Playback behind the menu listens for the same keys to open it.
  function Behind({ children }: { children: ReactNode }) {
    useMenuKey(onMenu);
    return children;
  }
  const view = render(
    createElement(Behind, null, createElement(PlayerMenu, { ...handlers, ...props })),
  );
  return { ...handlers, onMenu, view };
}

const press = (key: string, keyCode = 0) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, keyCode });
const focused = () => document.activeElement?.textContent;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the hidden menu', () => {
  it('focuses its first item, and Back closes it without reopening it behind', () => {
    const { onClose, onMenu } = setUp();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(focused()).toBe('Change ad space');
    press('Escape', 27);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onMenu).not.toHaveBeenCalled();
  });

  it('closes on the webOS and Tizen Back keys and on Menu', () => {
    const { onClose } = setUp();
    press('Unidentified', 461);
    press('XF86Back', 10009);
    press('ContextMenu', 93);
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('Change ad space calls through', () => {
    const { onChangeAdSpace } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Change ad space' }));
    expect(onChangeAdSpace).toHaveBeenCalledTimes(1);
  });

  it('shows the device info; Back returns to the list with the focus where it was', async () => {
    const { readInfo, onClose } = setUp({ now: () => Date.UTC(2026, 10, 22, 20, 5) });
    fireEvent.click(screen.getByRole('button', { name: 'Device info' }));
    expect(await screen.findByTestId('device-info')).toBeTruthy();
    expect(readInfo).toHaveBeenCalledTimes(1);
    const text = screen.getByTestId('device-info').textContent;
    for (const part of [
      'd-42',
      '0.1.0',
      'Window',
      'Harbour, Springfield',
      'America/New_York',
      'm-7',
      '3 of 4 files ready',
      '1.5 GB of 8.0 GB used',
      '5 minutes ago',
    ]) {
      expect(text).toContain(part);
    }
    expect(focused()).toBe('Back to the menu');
    press('Escape', 27);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    expect(focused()).toBe('Device info');
  });

  it('says so when the device info cannot be read', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setUp({ readInfo: () => Promise.reject(new Error('no')) });
    fireEvent.click(screen.getByRole('button', { name: 'Device info' }));
    expect(await screen.findByText('The device info could not be read.')).toBeTruthy();
  });

  it('asks before signing out, with Cancel focused', () => {
    const { onSignOut } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out…' }));
    expect(screen.getByRole('dialog', { name: 'Sign out of this TV?' })).toBeTruthy();
    expect(focused()).toBe('Cancel');
    press('Escape', 27);
    expect(onSignOut).not.toHaveBeenCalled();
    expect(focused()).toBe('Sign out…');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });

  it('closes by itself after 60 s without a key press, each press restarting the wait', () => {
    vi.useFakeTimers();
    const { onClose } = setUp();
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    press('ArrowDown', 40);
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves no timer or key listener behind when it closes', () => {
    vi.useFakeTimers();
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const { view } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Device info' }));
    view.unmount();
    // React's own scheduler ticks run out within milliseconds; the 60 s auto-close must be gone.
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(vi.getTimerCount()).toBe(0);
    const keyListeners = (spy: typeof added) =>
      spy.mock.calls.filter(([type]) => type === 'keydown').map(([, listener]) => listener);
    expect(keyListeners(added).length).toBeGreaterThan(0);
    expect(new Set(keyListeners(removed))).toEqual(new Set(keyListeners(added)));
  });
});
