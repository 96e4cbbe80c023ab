import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router';
import { useMemo, type ReactNode } from 'react';
import { RuntimeContext, type TRuntime } from '../modules/runtime/runtime-context';
import { STORAGE_KEYS } from '../modules/runtime/storage-keys';
import { usePendingRequests } from '../modules/api/request-tracker';
import { DialogProvider } from '../ui/dialog/DialogProvider';
import { GlobalSpinner } from '../ui/GlobalSpinner';
import { NotificationsHost } from '../ui/notify';
import { StatusPage } from '../pages/StatusPage';
import { ErrorBoundary } from './ErrorBoundary';
import { cssVariables, themeFor } from './theme';

// Nothing stored until the user picks a scheme with the toggle: until then "auto" follows the
// system's prefers-color-scheme, afterwards the stored choice wins.
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

function Spinner() {
  const { t } = useTranslation();
  return <GlobalSpinner visible={usePendingRequests() > 0} label={t('common.loading')} />;
}

function WithDialog({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return <DialogProvider onGoHome={() => void navigate('/devices')}>{children}</DialogProvider>;
}

/**
 * What both web apps wrap their routes in: runtime and brand, theme and colour scheme, notifications,
 * the router (the companion's under `basename` /app), the catalogue's dialogs, the request spinner and
 * the error screen.
 */
export function AppFrame({ runtime, basename, children }: { runtime: TRuntime; basename?: string; children: ReactNode }) {
  const { t } = useTranslation();
  // Rebuilt when the labels change (another language), not at every catalogue part loaded.
  const closeDialog = t('common.closeDialog');
  const closePanel = t('common.closePanel');
  const theme = useMemo(() => themeFor(runtime.brand, { closeDialog, closePanel }), [runtime.brand, closeDialog, closePanel]);
  return (
    <RuntimeContext.Provider value={runtime}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariables}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
      >
        <NotificationsHost />
        <BrowserRouter basename={basename}>
          <WithDialog>
            <Spinner />
            <ErrorBoundary fallback={<StatusPage screen="error" framed />}>{children}</ErrorBoundary>
          </WithDialog>
        </BrowserRouter>
      </MantineProvider>
    </RuntimeContext.Provider>
  );
}
