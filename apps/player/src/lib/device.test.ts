import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPlayerAdSpace } from '@screenline/shared/player';
import {
  clearDevice,
  deviceKey,
  fetchAdSpaces,
  loadDevice,
  newDeviceKey,
  readDevice,
  registerDevice,
  saveDevice,
} from './device';
import { OfflineError } from './http';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const SPACE: TPlayerAdSpace = {
  id: '0b6c1f9e-7d0a-4a3c-9a57-1d5f2b8e4c11',
  name: 'Window',
  orientation: 'landscape',
  location: { id: 'l1', name: 'Harbour', city: 'Springfield', timeZone: 'America/New_York' },
};
const TOKEN = `sld_${'a'.repeat(43)}`;

/** Answers every fetch with this status and body, and records what was asked. */
function answerWith(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the device key', () => {
  it('is 48 hex characters from the random source, made once and then kept', () => {
    expect(newDeviceKey((bytes) => bytes.fill(171))).toBe('ab'.repeat(24));
    const storage = memoryStorage();
    vi.stubGlobal('window', { crypto: globalThis.crypto });
    const first = deviceKey(storage);
    expect(first).toMatch(/^[0-9a-f]{48}$/);
    expect(deviceKey(storage)).toBe(first);
    // Something else written there is replaced, not sent.
    storage.setItem('screenline.tv.device-key', 'not a key');
    expect(deviceKey(storage)).toMatch(/^[0-9a-f]{48}$/);
  });
});

describe('the saved device', () => {
  it('survives a reboot, and what does not parse is forgotten', () => {
    const storage = memoryStorage();
    expect(loadDevice(storage)).toBeNull();
    saveDevice({ deviceId: 'd1', token: TOKEN, adSpace: SPACE }, storage);
    expect(loadDevice(storage)).toEqual({ deviceId: 'd1', token: TOKEN, adSpace: SPACE });
    clearDevice(storage);
    expect(loadDevice(storage)).toBeNull();
    storage.setItem('screenline.tv.device', '{"deviceId":1}');
    expect(loadDevice(storage)).toBeNull();
    expect(storage.items.has('screenline.tv.device')).toBe(false);
  });
});

describe('the setup calls', () => {
  it('lists ad spaces with the session token, and tells signed-out and not-an-owner apart', async () => {
    const listed = { ...SPACE, tvs: { count: 1, lastSeenAt: '2026-11-25T10:00:00.000Z' } };
    const fetch = answerWith(200, { items: [listed] });
    expect(await fetchAdSpaces('session-token')).toEqual({ kind: 'ok', items: [listed] });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/player/ad-spaces');
    expect(init).toMatchObject({
      credentials: 'omit',
      headers: { authorization: 'Bearer session-token' },
    });
    answerWith(401, {});
    expect(await fetchAdSpaces('t')).toEqual({ kind: 'signed-out' });
    answerWith(403, {});
    expect(await fetchAdSpaces('t')).toEqual({ kind: 'not-owner' });
    answerWith(200, { items: [{ id: 1 }] });
    await expect(fetchAdSpaces('t')).rejects.toThrow(/answered 200/);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchAdSpaces('t')).rejects.toBeInstanceOf(OfflineError);
  });

  it('registers with the device key and keeps the token with the chosen ad space', async () => {
    const fetch = answerWith(201, { deviceId: 'd1', token: TOKEN });
    // The list's word on other TVs is not kept with the device: only the space.
    const chosen = { ...SPACE, tvs: { count: 1, lastSeenAt: null } };
    const answer = await registerDevice('session-token', chosen, {
      key: 'ab'.repeat(24),
      userAgent: 'Tizen',
      appVersion: '0.1.0',
    });
    expect(answer).toEqual({
      kind: 'ok',
      device: { deviceId: 'd1', token: TOKEN, adSpace: SPACE },
    });
    expect(JSON.parse(fetch.mock.calls[0]![1]?.body as string)).toEqual({
      deviceKey: 'ab'.repeat(24),
      adSpaceId: SPACE.id,
      userAgent: 'Tizen',
      appVersion: '0.1.0',
    });
    answerWith(404, {});
    const options = { key: 'k'.repeat(16), userAgent: 'Tizen', appVersion: '0.1.0' };
    expect(await registerDevice('t', SPACE, options)).toEqual({ kind: 'gone' });
    answerWith(401, {});
    expect(await registerDevice('t', SPACE, options)).toEqual({ kind: 'signed-out' });
  });

  it('reads the device with its token; 401 and 404 mean the saved choice is gone', async () => {
    const device = { id: 'd1', name: null, adSpace: SPACE };
    answerWith(200, device);
    expect(await readDevice(TOKEN)).toEqual(device);
    answerWith(401, {});
    expect(await readDevice(TOKEN)).toBe('revoked');
    answerWith(404, {});
    expect(await readDevice(TOKEN)).toBe('revoked');
    answerWith(500, {});
    await expect(readDevice(TOKEN)).rejects.toThrow(/answered 500/);
  });
});
