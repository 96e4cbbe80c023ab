import { useState } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '@washboard/contracts';
import { useLanguage } from '../../i18n/i18n';
import { browserTimeZone } from '../../../ui/browser-time-zone';

/**
 * "Offline since 14:02" (or "since 21/11/2026, 14:02" before today) under an offline machine: when
 * the server last heard from it. Nothing while it is online or was never heard.
 */
export function OfflineSince({ online, lastSeenAt }: { online: boolean; lastSeenAt: string | null }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // Today is when the component first showed; a page left open over midnight shows the time alone.
  const [now] = useState(Date.now);
  if (online || !lastSeenAt) return null;
  const time = formatTime(lastSeenAt, false, lang, browserTimeZone());
  const date = formatDate(lastSeenAt, 'short', lang, browserTimeZone());
  const today = date === formatDate(now, 'short', lang, browserTimeZone());
  return (
    <Text size="xs" c="dimmed">
      {today ? t('devices.status.offlineSince', { time }) : t('devices.status.offlineSinceDate', { date, time })}
    </Text>
  );
}
