// Polyfills first: ES modules run in import order, and the others may need them while loading.
import './polyfills';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import type { TPlayerParts } from './app/player-runtime';
import { openMediaCache } from './features/cache/media-cache';
import { createImpressionSync } from './features/proof-of-play/impression-sync';
import { createPlayRecorder } from './features/proof-of-play/play-recorder';
import { createContentSync } from './features/sync/content-sync';
import { registerServiceWorker, whenControlled } from './lib/service-worker';

// The service worker is built with the app (vite.sw.config.ts); the dev server has none.
const registration = import.meta.env.PROD ? registerServiceWorker() : Promise.resolve(null);

/** The real parts of the running player (app/player-runtime.ts puts them together). */
const playerParts: TPlayerParts = {
  // The cached files play through the worker: nothing is offered before it controls the page.
  openMediaCache: async () => {
    await whenControlled(registration);
    return openMediaCache();
  },
  createContentSync,
  createPlayRecorder: (device) => createPlayRecorder({ adSpaceId: device.adSpace.id }),
  createImpressionSync,
};

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App playerParts={playerParts} />
  </StrictMode>,
);
