import type { TCataloguePart, TRuntimeConfig } from '@washboard/contracts';
import { configureApiClient } from '../modules/api/api-client';
import { currentLanguage, initI18n } from '../modules/i18n/i18n';
import { resolveBrand } from '../modules/runtime/brand';
import type { TRuntime } from '../modules/runtime/runtime-context';
import { renewSession } from '../modules/session/session-keeper';
import { sessionStore } from '../modules/session/session-store';

/**
 * What both web apps (the dashboard and the companion at /app/) do before their first render: read
 * the runtime configuration, start i18next with the catalogue's parts their first screen needs, pick
 * the brand of this visit and point the API client at it. The caller then resumes the session its
 * own way and renders.
 */
export async function startRuntime(texts: readonly TCataloguePart[]): Promise<TRuntime> {
  const [config] = await Promise.all([
    // Our own server's answer, checked there against ZRuntimeConfig (zod stays out of the browser bundle).
    fetch('/config.json').then(async (res) => (await res.json()) as TRuntimeConfig),
    initI18n(texts),
  ]);
  const brand = resolveBrand(config);
  document.title = brand.title;
  configureApiClient({
    apiBase: config.apiBase,
    brand: brand.code,
    subscriptionKey: config.subscriptionKey,
    language: currentLanguage,
    accessToken: () => sessionStore.tokens()?.accessToken,
    renewSession,
    onUnauthorized: () => sessionStore.clear(),
  });
  return { config, brand };
}

/** The element both apps render into. */
export function rootElement(): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  return root;
}
