import { useEffect } from 'react';
import { Alert } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * While `active` (the phone is sending what it kept, or reading from a machine): "Sync in progress:
 * do not close the application" (device-areas §8), and the browser asks before the page is closed
 * or reloaded.
 */
export function SyncInProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!active) return undefined;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
  if (!active) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      p="xs"
      icon={<IconRefresh size={18} aria-hidden />}
      role="status"
      data-testid="sync-in-progress"
    >
      {t('mobile.syncInProgress')}
    </Alert>
  );
}
