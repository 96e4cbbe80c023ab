import { COMPANION_RUNTIME_CACHE, COMPANION_RUNTIME_FILES } from './runtime-cache';
import type { TBrand } from '@washboard/contracts';

/**
 * Registers the companion's service worker (built by vite-plugin-pwa into /app/sw.js, scope /app/):
 * it precaches the app shell so the app opens offline. Not in development, where Vite serves
 * sources the worker does not know.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/app/sw.js', { scope: '/app/' }).catch((error: unknown) => console.warn(error));
  // The first visit is not yet the worker's: its runtime files go into the worker's cache from here,
  // so that the next start opens offline too.
  if (!navigator.serviceWorker.controller && 'caches' in window)
    void caches
      .open(COMPANION_RUNTIME_CACHE)
      .then((cache) => cache.addAll(COMPANION_RUNTIME_FILES))
      .catch((error: unknown) => console.warn(error));
}

/**
 * Points the page at the web manifest and icon of this visit's brand. The server already picks the
 * brand by host name; `?brand=` (kept for the tab) is only known here, so the manifest link says it.
 */
export function applyBrandManifest(brand: TBrand): void {
  const name = brand.code.toLowerCase();
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/app/manifest.webmanifest?brand=${brand.code}`);
  document.querySelector('link[rel="apple-touch-icon"]')?.setAttribute('href', `/app/icons/${name}-192.png`);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.accentHex);
}
