// Polyfills first: ES modules run in import order, and the others may need them while loading.
import './polyfills';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './lib/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker is built with the app (vite.sw.config.ts); the dev server has none.
if (import.meta.env.PROD) void registerServiceWorker();
