import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';

describe('registerServiceWorker', () => {
  it('registers /tv/sw.js for the scope /tv', async () => {
    const registration = { scope: 'http://tv.test/tv' } as ServiceWorkerRegistration;
    const register = vi.fn(async () => registration);
    const warn = vi.fn();
    expect(await registerServiceWorker({ register }, { warn })).toBe(registration);
    expect(register).toHaveBeenCalledWith('/tv/sw.js', { scope: '/tv' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns clearly, and does not throw, when registration fails or is not offered', async () => {
    const warn = vi.fn();
    const failure = new DOMException('The script has an unsupported MIME type', 'SecurityError');
    const register = vi.fn(() => Promise.reject(failure));
    expect(await registerServiceWorker({ register }, { warn })).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/did not register/), failure);

    expect(await registerServiceWorker(null, { warn })).toBeNull();
    expect(warn).toHaveBeenLastCalledWith(expect.stringMatching(/HTTPS/));
  });
});
