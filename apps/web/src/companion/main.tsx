import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import '../modules/navigation/history-guard';
import { AppFrame } from '../app/AppFrame';
import { rootElement, startRuntime } from '../app/bootstrap';
import { rememberHostBrand } from '../modules/runtime/brand';
import { startSessionKeeper } from '../modules/session/session-keeper';
import { keepLastIdentity, lastIdentity } from './offline/last-identity';
import { CompanionRoutes } from './routes';
import { registerServiceWorker, applyBrandManifest } from './install';

/** The technician's companion at /app/ (docs/companion.md): the dashboard's modules in a phone layout. */
async function bootstrap() {
  const runtime = await startRuntime(['core', 'landing']);
  applyBrandManifest(runtime.brand);
  rememberHostBrand(runtime.config);
  await startSessionKeeper(lastIdentity);
  keepLastIdentity();
  const root = createRoot(rootElement());
  // The pre-rendered landing is on screen already: the first render may take its time, in slices
  // that leave the main thread free for a tap (a transition yields every few milliseconds).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppFrame runtime={runtime} basename="/app">
          <CompanionRoutes />
        </AppFrame>
      </StrictMode>,
    ),
  );
}

// The worker precaches the whole app (about 2 MB): after the page has loaded, not in the first screen's way.
if (document.readyState === 'complete') registerServiceWorker();
else window.addEventListener('load', registerServiceWorker, { once: true });

bootstrap().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = i18next.isInitialized ? i18next.t('errors.network') : 'Washboard';
});
