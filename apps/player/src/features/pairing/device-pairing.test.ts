import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAIRING_POLL_PREFER } from '@screenline/shared/pairing';
import { OfflineError, type TJsonAnswer } from '../../lib/http';
import { startPairing, type TPairingState } from './device-pairing';

const ORIGIN = 'http://tv.test';

function answer(status: number, body: unknown): TJsonAnswer {
  return { status, headers: new Headers(), body };
}

let codes = 0;
function codeAnswer({ expiresIn = 600, interval = 5 } = {}) {
  codes += 1;
  return answer(200, {
    device_code: `device-${codes}`,
    user_code: `ABCD${String(codes).padStart(4, '2')}`,
    verification_uri: `${ORIGIN}/pair`,
    verification_uri_complete: `${ORIGIN}/pair?user_code=x`,
    expires_in: expiresIn,
    interval,
  });
}
const grantError = (error: string) => answer(400, { error, error_description: error });

/** A server whose answers the test decides, recording every call with its time. */
function fakeServer(
  onToken: (body: { device_code: string }) => TJsonAnswer | 'offline',
  onCode: () => TJsonAnswer | 'offline' = () => codeAnswer(),
) {
  const calls: { path: string; at: number; body: unknown; headers?: Record<string, string> }[] = [];
  const call = vi.fn((path: string, body: unknown, headers?: Record<string, string>) => {
    calls.push({ path, at: Date.now(), body, headers });
    const result =
      path === '/api/auth/device/code' ? onCode() : onToken(body as { device_code: string });
    return result === 'offline' ? Promise.reject(new OfflineError()) : Promise.resolve(result);
  });
  return { call, calls, polls: () => calls.filter((c) => c.path === '/api/auth/device/token') };
}

describe('startPairing', () => {
  let states: TPairingState[];
  const last = () => states.at(-1);
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    states = [];
    codes = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for "not yet" as 202 and takes it as waiting, not as an error (issue 21, lows)', async () => {
    const server = fakeServer(() => answer(202, { error: 'authorization_pending' }));
    const stop = startPairing({
      onState: (s) => states.push(s),
      onToken: vi.fn(),
      call: server.call,
    });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.polls()).toHaveLength(3);
    expect(server.polls().every((c) => c.headers?.prefer === PAIRING_POLL_PREFER)).toBe(true);
    expect(last()).toMatchObject({ kind: 'showing', notice: null });
    stop();
  });

  it('shows /pair?code=… and polls at the interval until a token comes', async () => {
    let approved = false;
    const server = fakeServer(() =>
      approved
        ? answer(200, { access_token: 'tok', token_type: 'Bearer', expires_in: 100, scope: '' })
        : grantError('authorization_pending'),
    );
    const onToken = vi.fn();
    const stop = startPairing({ onState: (s) => states.push(s), onToken, call: server.call });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({
      kind: 'showing',
      userCode: 'ABCD2221',
      url: `${ORIGIN}/pair?code=ABCD2221`,
      expiresAt: 600_000,
      notice: null,
    });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(server.polls().map((c) => c.at)).toEqual([5_000, 10_000, 15_000]);
    approved = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onToken).toHaveBeenCalledWith(expect.objectContaining({ access_token: 'tok' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.polls()).toHaveLength(4);
    stop();
  });

  it('polls 5 s less often after slow_down', async () => {
    let slow = true;
    const server = fakeServer(() => {
      const reply = slow ? grantError('slow_down') : grantError('authorization_pending');
      slow = false;
      return reply;
    });
    const stop = startPairing({
      onState: (s) => states.push(s),
      onToken: vi.fn(),
      call: server.call,
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.polls().map((c) => c.at)).toEqual([5_000, 15_000, 25_000]);
    stop();
  });

  it('asks for a new code 30 s before the shown one expires', async () => {
    const server = fakeServer(
      () => grantError('authorization_pending'),
      () => codeAnswer({ expiresIn: 300 }),
    );
    const stop = startPairing({
      onState: (s) => states.push(s),
      onToken: vi.fn(),
      call: server.call,
    });
    await vi.advanceTimersByTimeAsync(270_000);
    const codeCalls = server.calls.filter((c) => c.path === '/api/auth/device/code');
    expect(codeCalls.map((c) => c.at)).toEqual([0, 270_000]);
    expect(last()).toMatchObject({ userCode: 'ABCD2222', notice: null });
    // Only the new code is polled from then on.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.polls().at(-1)?.body).toMatchObject({ device_code: 'device-2' });
    stop();
  });

  it('says the phone cancelled and shows a new code after access_denied', async () => {
    const server = fakeServer(({ device_code }) =>
      device_code === 'device-1'
        ? grantError('access_denied')
        : grantError('authorization_pending'),
    );
    const stop = startPairing({
      onState: (s) => states.push(s),
      onToken: vi.fn(),
      call: server.call,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(last()).toMatchObject({ kind: 'showing', userCode: 'ABCD2222', notice: 'denied' });
    stop();
  });

  it('says the code expired and shows a new one after expired_token', async () => {
    const server = fakeServer(({ device_code }) =>
      device_code === 'device-1'
        ? grantError('expired_token')
        : grantError('authorization_pending'),
    );
    const stop = startPairing({
      onState: (s) => states.push(s),
      onToken: vi.fn(),
      call: server.call,
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(last()).toMatchObject({ kind: 'showing', userCode: 'ABCD2222', notice: 'expired' });
    stop();
  });

  it('says it is offline, keeps the code and carries on when the network is back', async () => {
    let isOnline = true;
    const server = fakeServer(() => (isOnline ? grantError('authorization_pending') : 'offline'));
    const stop = startPairing({
      onState: (s) => states.push(s),
      onToken: vi.fn(),
      call: server.call,
    });
    await vi.advanceTimersByTimeAsync(0);
    isOnline = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(last()).toMatchObject({ kind: 'showing', userCode: 'ABCD2221', notice: 'offline' });
    isOnline = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(last()).toMatchObject({ kind: 'showing', userCode: 'ABCD2221', notice: null });
    stop();
  });

  it('says it is offline when no code can be had, and retries', async () => {
    let isOnline = false;
    const server = fakeServer(
      () => grantError('authorization_pending'),
      () => (isOnline ? codeAnswer() : 'offline'),
    );
    const stop = startPairing({
      onState: (s) => states.push(s),
      onToken: vi.fn(),
      call: server.call,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toEqual({ kind: 'requesting', notice: 'offline' });
    isOnline = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(last()).toMatchObject({ kind: 'showing', notice: null });
    stop();
  });

  it('stops every timer when stopped', async () => {
    const server = fakeServer(() => grantError('authorization_pending'));
    const stop = startPairing({
      onState: (s) => states.push(s),
      onToken: vi.fn(),
      call: server.call,
    });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(server.calls).toHaveLength(1);
  });
});
