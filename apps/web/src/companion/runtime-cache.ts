/**
 * The service worker's cache of the runtime files the build cannot precache (they come from the
 * server): `/config.json` and the brand's manifest. Shared by the worker's build (vite.config.ts)
 * and the page, which fills it on the first visit — before the worker controls any page.
 */
export const COMPANION_RUNTIME_CACHE = 'companion-runtime';
export const COMPANION_RUNTIME_FILES = ['/config.json', '/app/manifest.webmanifest'];
