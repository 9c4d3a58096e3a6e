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
