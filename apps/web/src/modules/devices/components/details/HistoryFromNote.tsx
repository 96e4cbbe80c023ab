import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@washboard/contracts';
import { useApplianceDetail } from '../../hooks/use-devices';
import { useLanguage } from '../../../i18n/i18n';
import { browserTimeZone } from '../../../../ui/browser-time-zone';

/**
 * Why a period shows nothing before a given moment: the machine came to the caller's kitchen then,
 * and its earlier records are not the caller's (docs/permissions.md, "A machine that changes
 * hands"). Shown only when the period shown (`from`, ms) reaches back before it.
 */
export function HistoryFromNote({ serialNumber, from }: { serialNumber: string; from: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const historyFrom = useApplianceDetail(serialNumber).data?.historyFrom;
  if (!historyFrom || Date.parse(historyFrom) <= from) return null;
  return (
    <Text size="sm" c="dimmed" data-history-from={historyFrom}>
      {t('device.historyFrom', { date: formatDate(historyFrom, 'long', lang, browserTimeZone()) })}
    </Text>
  );
}
