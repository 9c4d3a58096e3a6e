// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENU_HINT_MS, MenuHint } from './menu-hint';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the menu hint (issue 21 item 4)', () => {
  it('says "Press OK for the menu" the first time, for a few seconds, and not again', () => {
    vi.useFakeTimers();
    const storage = memoryStorage();
    const first = render(createElement(MenuHint, { storage }));
    expect(screen.getByTestId('menu-hint').textContent).toBe('Press OK for the menu');
    act(() => {
      vi.advanceTimersByTime(MENU_HINT_MS - 100);
    });
    expect(screen.queryByTestId('menu-hint')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('menu-hint')).toBeNull();
    first.unmount();

    render(createElement(MenuHint, { storage }));
    expect(screen.queryByTestId('menu-hint')).toBeNull();
  });
});
