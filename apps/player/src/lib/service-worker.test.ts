import { describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, whenControlled } from './service-worker';

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

describe('whenControlled', () => {
  function fakeContainer(controller: object | null = null) {
    const target = new EventTarget();
    const container = {
      controller: controller as ServiceWorker | null,
      addEventListener: vi.fn(target.addEventListener.bind(target)),
      removeEventListener: vi.fn(target.removeEventListener.bind(target)),
    };
    const claim = () => {
      container.controller = {} as ServiceWorker;
      target.dispatchEvent(new Event('controllerchange'));
    };
    return { container, claim };
  }

  function fakeInstalling() {
    const worker = Object.assign(new EventTarget(), { state: 'installing' });
    const become = (state: ServiceWorkerState) => {
      worker.state = state;
      worker.dispatchEvent(new Event('statechange'));
    };
    return { worker: worker as unknown as ServiceWorker, become };
  }

  it('answers at once when the page is already controlled (every start after the first)', async () => {
    const { container } = fakeContainer({});
    expect(await whenControlled(new Promise(() => {}), container)).toBe(true);
    expect(container.addEventListener).not.toHaveBeenCalled();
  });

  it('on the first start, waits until the new worker claims the page', async () => {
    const { container, claim } = fakeContainer();
    const { worker } = fakeInstalling();
    let answer: boolean | null = null;
    const waiting = whenControlled(Promise.resolve({ installing: worker }), container).then(
      (value) => {
        answer = value;
      },
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(answer).toBeNull();
    claim();
    await waiting;
    expect(answer).toBe(true);
    expect(container.removeEventListener).toHaveBeenCalledWith(
      'controllerchange',
      expect.any(Function),
    );
  });

  it('answers false without a service worker, a registration, or when the worker fails', async () => {
    expect(await whenControlled(Promise.resolve(null), null)).toBe(false);
    expect(await whenControlled(Promise.resolve(null), fakeContainer().container)).toBe(false);

    const { worker, become } = fakeInstalling();
    const waiting = whenControlled(
      Promise.resolve({ installing: worker }),
      fakeContainer().container,
    );
    await Promise.resolve();
    become('installed');
    become('redundant');
    expect(await waiting).toBe(false);
  });
});
