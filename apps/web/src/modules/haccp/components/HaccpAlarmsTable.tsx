import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { alarmByCode, formatDate, isLanguage, type TAlarmSeverity, type TAlarmView } from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { HaccpTable } from './HaccpTable';

const SEVERITY_COLORS: Record<TAlarmSeverity, string> = { high: 'red', medium: 'orange', low: 'gray' };

/** The alarms of the period: code, description, start, end (or still active) and severity. Inside Suspense. */
export function HaccpAlarmsTable({ alarms, timeZone }: { alarms: TAlarmView[]; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { t: td } = useDeviceTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'it';
  if (alarms.length === 0) return <EmptyState message={t('haccp.noAlarms')} />;
  return (
    <HaccpTable
      label={t('haccp.tabs.alarms')}
      minWidth={820}
      columns={[
        { label: t('haccp.columns.errorCode') },
        { label: t('haccp.columns.description') },
        { label: t('haccp.columns.start') },
        { label: t('haccp.columns.stop') },
        { label: t('haccp.columns.severity') },
      ]}
    >
      {alarms.map((alarm) => {
        const entry = alarmByCode(alarm.errorCode);
        return (
          <Table.Tr key={alarm.id} data-testid={`haccp-alarm-${alarm.errorCode}`}>
            <Table.Td fw={700}>{alarm.errorCode}</Table.Td>
            <Table.Td>{entry ? td(`alarms.${entry.code}`) : alarm.errorCode}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(alarm.startDate, 'long', lang, timeZone)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              {alarm.stopDate ? (
                formatDate(alarm.stopDate, 'long', lang, timeZone)
              ) : (
                <Badge color="red" variant="light">
                  {t('device.alarms.active')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              {entry ? (
                <Badge color={SEVERITY_COLORS[entry.severity]} variant={entry.severity === 'high' ? 'filled' : 'light'}>
                  {td(`severities.${entry.severity}`)}
                </Badge>
              ) : (
                <Text c="dimmed">–</Text>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </HaccpTable>
  );
}
