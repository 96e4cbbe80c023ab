import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { RuntimeContext, type TRuntime } from '../modules/runtime/runtime-context';
import { usePendingRequests } from '../modules/api/request-tracker';
import { DialogProvider } from '../ui/dialog/DialogProvider';
import { GlobalSpinner } from '../ui/GlobalSpinner';
import { NotificationsHost } from '../ui/notify';
import { StatusPage } from '../pages/StatusPage';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './router';
import { themeFor } from './theme';

// Nothing stored until the user picks a scheme with the toggle: until then "auto" follows the
// system's prefers-color-scheme, afterwards the stored choice wins.
const colorSchemeManager = localStorageColorSchemeManager({ key: 'wb.colorScheme' });

function Spinner() {
  const { t } = useTranslation();
  return <GlobalSpinner visible={usePendingRequests() > 0} label={t('common.loading')} />;
}

function WithDialog({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <DialogProvider onGoHome={() => void navigate('/devices')}>{children}</DialogProvider>;
}

export function App({ runtime }: { runtime: TRuntime }) {
  return (
    <RuntimeContext.Provider value={runtime}>
      <MantineProvider theme={themeFor(runtime.brand)} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <NotificationsHost />
        <BrowserRouter>
          <WithDialog>
            <Spinner />
            <ErrorBoundary fallback={<StatusPage screen="error" framed />}>
              <AppRoutes />
            </ErrorBoundary>
          </WithDialog>
        </BrowserRouter>
      </MantineProvider>
    </RuntimeContext.Provider>
  );
}
