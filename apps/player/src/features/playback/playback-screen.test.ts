// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TNowPlaying } from './contracts';
import { PlaybackScreen } from './playback-screen';
import {
  createTestRecorder,
  createTestSource,
  imagePlaylist,
  manifestOf,
  readyOf,
  segment,
} from './test/fixtures';

const MINUTE = 60_000;
/** 2026-11-23 12:00 UTC. */
const T0 = Date.UTC(2026, 10, 23, 12);
const AD_SPACE = manifestOf().adSpace;

function mount(source = createTestSource(null)) {
  const onMenu = vi.fn();
  const nowPlaying: TNowPlaying[] = [];
  const recorder = createTestRecorder();
  const view = render(
    createElement(PlaybackScreen, {
      source,
      recorder,
      adSpace: AD_SPACE,
      onNowPlaying: (now) => nowPlaying.push(now),
      onMenu,
    }),
  );
  return { source, recorder, onMenu, nowPlaying, view };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the playback screen', () => {
  it('shows the branded idle screen until the first manifest, then says when content comes', () => {
    vi.useFakeTimers({ now: T0 });
    const { source } = mount();
    expect(screen.getByText('Waiting for content')).toBeTruthy();
    expect(screen.getByText('Window · Harbour, Springfield')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/as soon as it has downloaded/);
    const manifest = manifestOf({
      playlists: [imagePlaylist('a', 1, ['c1'])],
      timeline: [
        segment(T0, T0 + 6 * 60 * MINUTE, null),
        segment(T0 + 6 * 60 * MINUTE, T0 + 7 * 60 * MINUTE, 'a'),
      ],
    });
    act(() => {
      source.push(readyOf(manifest));
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Nothing is scheduled now. Next content at 18:00.',
    );
  });

  it('hides the idle screen once the first item is on screen', async () => {
    vi.useFakeTimers({ now: T0 });
    const manifest = manifestOf({
      playlists: [imagePlaylist('a', 1, ['c1', 'c2'])],
      timeline: [segment(T0, T0 + 60 * MINUTE, 'a')],
    });
    const { nowPlaying } = mount(createTestSource(readyOf(manifest)));
    const stage = screen.getByTestId('stage');
    expect(stage.querySelectorAll('[data-playback-slot]').length).toBe(2);
    // Until the first image is on screen, the idle screen covers the black stage.
    expect(screen.getByRole('status').textContent).toBe('Starting playback…');
    const image = stage.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/media/c1');
    // jsdom loads nothing: play the browser's part.
    await act(async () => {
      fireEvent.load(image!);
      await Promise.resolve();
    });
    expect(screen.queryByTestId('idle-screen')).toBeNull();
    expect(nowPlaying.at(-1)).toMatchObject({ playlistId: 'a', contentId: 'c1' });
  });

  it('opens the menu on Back or Menu', () => {
    const { onMenu } = mount();
    fireEvent.keyDown(document.body, { key: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document.body, { key: 'XF86Back', keyCode: 10009 });
    fireEvent.keyDown(document.body, { key: 'ArrowUp', keyCode: 38 });
    expect(onMenu).toHaveBeenCalledTimes(2);
  });

  it('opens the menu on OK too, unless OK presses a focused button (issue 21 item 4)', () => {
    const { onMenu } = mount();
    fireEvent.keyDown(document.body, { key: 'Enter', keyCode: 13 });
    expect(onMenu).toHaveBeenCalledTimes(1);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    fireEvent.keyDown(button, { key: 'Enter', keyCode: 13 });
    expect(onMenu).toHaveBeenCalledTimes(1);
    button.remove();
  });

  it('after hours of boundaries holds two layers and a few timers, and frees all when it goes', () => {
    vi.useFakeTimers({ now: T0 });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const timeline = [];
    for (let minute = 0; minute < 6 * 60; minute += 1) {
      const start = T0 + minute * MINUTE;
      timeline.push(
        segment(start, start + MINUTE, minute % 3 === 2 ? null : minute % 2 ? 'b' : 'a'),
      );
    }
    const manifest = manifestOf({
      playlists: [imagePlaylist('a', 1, ['c1', 'c2']), imagePlaylist('b', 1, ['c3'])],
      timeline,
    });
    const { source, view } = mount(createTestSource(readyOf(manifest)));
    const stage = screen.getByTestId('stage');
    let mostTimers = 0;
    for (let minute = 0; minute < 5 * 60; minute += 1) {
      act(() => {
        vi.advanceTimersByTime(MINUTE);
      });
      mostTimers = Math.max(mostTimers, vi.getTimerCount());
      expect(stage.querySelectorAll('[data-playback-slot]').length).toBe(2);
      expect(stage.querySelectorAll('img').length).toBeLessThanOrEqual(2);
    }
    expect(mostTimers).toBeLessThanOrEqual(6);
    view.unmount();
    act(() => {
      vi.advanceTimersByTime(10);
    });
    expect(vi.getTimerCount()).toBe(0);
    expect(source.listenerCount()).toBe(0);
    const keyListeners = (spy: typeof added) =>
      spy.mock.calls.filter(([type]) => type === 'keydown').map(([, listener]) => listener);
    expect(new Set(keyListeners(removed))).toEqual(new Set(keyListeners(added)));
  });
});
