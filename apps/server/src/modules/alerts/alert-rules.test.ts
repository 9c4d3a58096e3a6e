import { describe, expect, it } from 'vitest';
import type { TPlayerHeartbeat } from '@screenline/shared/player';
import {
  announceAfterMs,
  downloadCondition,
  offlineCondition,
  storageCondition,
  type TScreenState,
} from './alert-rules';

const NOW = Date.UTC(2026, 10, 25, 12);
const MINUTE = 60_000;

const beat = (overrides: Partial<TPlayerHeartbeat> = {}): TPlayerHeartbeat => ({
  appVersion: '1',
  manifestVersion: 'v1',
  storage: { usedBytes: 10, quotaBytes: 100, persisted: true },
  cache: { filesReady: 2, filesNeeded: 2, bytesReady: 10, bytesNeeded: 10, problem: null },
  nowPlaying: null,
  ...overrides,
});
const state = (overrides: Partial<TScreenState> = {}): TScreenState => ({
  lastSeenAt: new Date(NOW - MINUTE),
  heartbeat: beat(),
  heartbeatAt: new Date(NOW - MINUTE),
  onSinceMs: NOW - 8 * 60 * MINUTE,
  ...overrides,
});

describe('alert rules', () => {
  it('offline: past the online window, from the later of the last heartbeat and the on hours', () => {
    expect(offlineCondition(state(), NOW)).toEqual({ state: 'ok' });
    expect(offlineCondition(state({ lastSeenAt: new Date(NOW - 3 * MINUTE) }), NOW)).toEqual({
      state: 'failing',
      since: new Date(NOW - 3 * MINUTE),
      detail: null,
    });
    const overnight = state({
      lastSeenAt: new Date(NOW - 14 * 60 * MINUTE),
      onSinceMs: NOW - 5 * MINUTE,
    });
    expect(offlineCondition(overnight, NOW)).toMatchObject({ since: new Date(NOW - 5 * MINUTE) });
    // Scheduled off, or never connected: not judged.
    expect(offlineCondition(state({ onSinceMs: null, lastSeenAt: new Date(0) }), NOW).state).toBe(
      'unknown',
    );
    expect(offlineCondition(state({ lastSeenAt: null }), NOW).state).toBe('unknown');
  });

  it('download: files missing or a problem, with what was reported as the progress marker', () => {
    expect(downloadCondition(state(), NOW)).toEqual({ state: 'ok' });
    const stuck = downloadCondition(
      state({
        heartbeat: beat({
          cache: { filesReady: 1, filesNeeded: 2, bytesReady: 5, bytesNeeded: 10, problem: null },
        }),
      }),
      NOW,
    );
    expect(stuck.state === 'failing' && stuck.detail).toContain('1/2 files');
    const problem = downloadCondition(
      state({
        heartbeat: beat({
          cache: {
            filesReady: 2,
            filesNeeded: 2,
            bytesReady: 10,
            bytesNeeded: 10,
            problem: 'No room',
          },
        }),
      }),
      NOW,
    );
    expect(problem.state === 'failing' && problem.detail).toContain('No room');
    // A TV not reporting cannot say how its download goes.
    expect(downloadCondition(state({ heartbeatAt: new Date(NOW - 10 * MINUTE) }), NOW).state).toBe(
      'unknown',
    );
  });

  it('storage: 90 % of the quota fails, below 85 % recovers, between holds', () => {
    const used = (usedBytes: number, quotaBytes: number | null = 100) =>
      storageCondition(
        state({ heartbeat: beat({ storage: { usedBytes, quotaBytes, persisted: true } }) }),
        NOW,
      );
    expect(used(90)).toMatchObject({ state: 'failing', detail: '90%' });
    expect(used(87).state).toBe('unknown');
    expect(used(84).state).toBe('ok');
    expect(used(99, null).state).toBe('unknown');
  });

  it('announces an outage after the owner’s window, a stuck download after 30 minutes, storage at once', () => {
    expect(announceAfterMs('offline', 10)).toBe(10 * MINUTE);
    expect(announceAfterMs('download-stuck', 10)).toBe(30 * MINUTE);
    expect(announceAfterMs('storage-low', 10)).toBe(0);
  });
});
