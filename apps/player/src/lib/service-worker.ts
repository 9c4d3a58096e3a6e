import { TV_PREFIX } from './tv-caches';

/** Where the built service worker is served (src/sw.ts; apps/server/src/plugins/hosting.ts). */
export const SERVICE_WORKER_URL = `${TV_PREFIX}/sw.js`;
/**
 * `/tv`, not `/tv/`: the address a TV is set up with is `/tv` (the web app's "Connect a TV"), which
 * a `/tv/` scope would not control. The server allows it with `Service-Worker-Allowed: /tv`.
 */
export const SERVICE_WORKER_SCOPE = TV_PREFIX;

/** `navigator.serviceWorker`: absent from insecure origins (plain HTTP other than localhost). */
function pageContainer(): ServiceWorkerContainer | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : null;
}

/**
 * Registers the player's service worker (offline start, media from the cache). Never throws:
 * without it the player still runs online, so a failure is a clear console warning.
 */
export async function registerServiceWorker(
  container: Pick<ServiceWorkerContainer, 'register'> | null = pageContainer(),
  log: Pick<Console, 'warn'> = console,
): Promise<ServiceWorkerRegistration | null> {
  if (!container) {
    log.warn(
      'Screenline TV: this browser offers no service worker here (the player must be opened over HTTPS, or on localhost), so it cannot start without a network or play from its cache.',
    );
    return null;
  }
  try {
    return await container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  } catch (error) {
    log.warn(
      'Screenline TV: the service worker did not register, so the player cannot start without a network or play from its cache.',
      error,
    );
    return null;
  }
}

type TControlledContainer = Pick<
  ServiceWorkerContainer,
  'controller' | 'addEventListener' | 'removeEventListener'
>;

type TRegistrationLike = Pick<ServiceWorkerRegistration, 'installing'> | null;

/**
 * Resolves true once the service worker controls the page, false when it never will (no service
 * worker here, `registration` answered null, or the worker it installs fails and is thrown away).
 * Media play from `/tv/media/…`, which only the worker answers: on a TV's very first start the
 * page is not controlled until the new worker claims it, and a file asked for before that
 * reaches the server, which answers the app's page.
 */
export function whenControlled(
  registration: Promise<TRegistrationLike>,
  container: TControlledContainer | null = pageContainer(),
): Promise<boolean> {
  if (!container) return Promise.resolve(false);
  if (container.controller) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (isControlled: boolean) => {
      container.removeEventListener('controllerchange', onChange);
      resolve(isControlled);
    };
    const onChange = () => {
      if (container.controller) settle(true);
    };
    container.addEventListener('controllerchange', onChange);
    void registration.then(
      (result) => {
        if (container.controller) return;
        const installing = result?.installing;
        if (!installing) {
          // Registered with no worker installing and none in control: nothing will claim the page
          // before a reload, unless one activates meanwhile (controllerchange above).
          if (result === null) settle(false);
          return;
        }
        installing.addEventListener('statechange', () => {
          if (installing.state === 'redundant' && !container.controller) settle(false);
        });
      },
      () => settle(Boolean(container.controller)),
    );
  });
}
