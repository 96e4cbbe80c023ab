import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import './modules/navigation/history-guard';
import { App } from './app/App';
import { rootElement, startRuntime } from './app/bootstrap';
import { startSessionKeeper } from './modules/session/session-keeper';

async function bootstrap() {
  const runtime = await startRuntime(['core', 'account']);
  await startSessionKeeper();
  createRoot(rootElement()).render(
    <StrictMode>
      <App runtime={runtime} />
    </StrictMode>,
  );
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = i18next.isInitialized ? i18next.t('errors.network') : 'Washboard';
});
