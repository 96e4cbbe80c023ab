import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@washboard/contracts';
import { currentLanguage } from '../../modules/i18n/i18n';
import { isStale, useOnline } from './online-status';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * Says that a screen shows last-seen data: "Offline — data from <time>" while the browser has no
 * network or the last fetch of the data did not reach the server (`updatedAt`: the query's
 * `dataUpdatedAt`, 0 = nothing seen yet on this phone; `error`: the query's `error`).
 */
export function StaleMarker({ updatedAt, error }: { updatedAt: number; error: unknown }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (!isStale(online, error)) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCloudOff size={18} aria-hidden />}
      role="status"
      data-testid="stale-marker"
      mb="sm"
      p="xs"
    >
      {updatedAt > 0
        ? t('mobile.offline.dataFrom', { time: formatDate(updatedAt, 'long', currentLanguage(), timeZone()) })
        : t('mobile.offline.nothingSeen')}
    </Alert>
  );
}
