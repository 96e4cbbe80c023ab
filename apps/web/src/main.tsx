import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import type { TRuntimeConfig } from '@washboard/contracts';
import './modules/navigation/history-guard';
import { App } from './app/App';
import { configureApiClient } from './modules/api/api-client';
import { currentLanguage, initI18n } from './modules/i18n/i18n';
import { resolveBrand } from './modules/runtime/brand';
import { renewSession, startSessionKeeper } from './modules/session/session-keeper';
import { sessionStore } from './modules/session/session-store';

async function bootstrap() {
  const [config] = await Promise.all([
    // Our own server's answer, checked there against ZRuntimeConfig (zod stays out of the browser bundle).
    fetch('/config.json').then(async (res) => (await res.json()) as TRuntimeConfig),
    initI18n(),
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
  await startSessionKeeper();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <App runtime={{ config, brand }} />
    </StrictMode>,
  );
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = i18next.isInitialized ? i18next.t('errors.network') : 'Washboard';
});
