import { Fragment } from 'react';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { alarmByCode, formatDate, type TAlarmSeverity, type TInspectionAlarm } from '@washboard/contracts';
import { EmptyState } from '../../../ui/EmptyState';
import { usePhone } from '../../../ui/use-phone';
import { useDeviceTranslation } from '../../i18n/device-texts';
import { CorrectButton, CorrectionNotes } from './CorrectionNotes';
import { DeliveryMarker } from './DeliveryMarker';
import { HaccpTable, recordStripe } from './HaccpTable';
import { useLanguage } from '../../i18n/i18n';

const SEVERITY_COLORS: Record<TAlarmSeverity, string> = { high: 'red', medium: 'orange', low: 'gray' };

/**
 * The alarms of the period: code, description, start, end (or still active), severity and who
 * acknowledged it when, marked when delivered late or carried home; under an alarm its corrections,
 * and for the service a button to add one; cards on a phone. Takes the dashboard's alarms and the
 * inspector's alike (what both have). Inside Suspense.
 */
export function HaccpAlarmsTable({
  alarms,
  timeZone,
  onCorrect,
}: {
  alarms: readonly TInspectionAlarm[];
  timeZone: string;
  /** offers "Add correction" on each alarm (the service's): called with the alarm and how to name it */
  onCorrect?: (alarm: TInspectionAlarm, name: string) => void;
}) {
  const { t } = useTranslation();
  const { t: td } = useDeviceTranslation();
  const lang = useLanguage();
  const phone = usePhone();
  if (alarms.length === 0) return <EmptyState message={t('haccp.noAlarms')} />;
  const rows = alarms.map((alarm) => {
    const entry = alarmByCode(alarm.errorCode);
    const description = entry ? td(`alarms.${entry.code}`) : alarm.errorCode;
    const start = formatDate(alarm.startDate, 'long', lang, timeZone);
    const name = t('haccp.correction.record', { what: `${alarm.errorCode} · ${description}`, start });
    return {
      alarm,
      description,
      start,
      correct: onCorrect ? <CorrectButton name={name} onClick={() => onCorrect(alarm, name)} /> : null,
      corrections: <CorrectionNotes corrections={alarm.corrections} timeZone={timeZone} />,
      stop: alarm.stopDate ? (
        formatDate(alarm.stopDate, 'long', lang, timeZone)
      ) : (
        <Badge color="red" variant="light">
          {t('device.alarms.active')}
        </Badge>
      ),
      acknowledged: alarm.acknowledgement
        ? `${alarm.acknowledgement.by?.name ?? t('alarmRegister.unknownPerson')}, ${formatDate(alarm.acknowledgement.at, 'long', lang, timeZone)}`
        : '–',
      severity: entry ? (
        <Badge color={SEVERITY_COLORS[entry.severity]} variant={entry.severity === 'high' ? 'filled' : 'light'}>
          {td(`severities.${entry.severity}`)}
        </Badge>
      ) : (
        <Text c="dimmed">–</Text>
      ),
    };
  });
  if (phone) {
    // One card per alarm on a phone, the severity first (as the verdict on the events' cards).
    return (
      <Stack gap="sm" role="list" aria-label={t('haccp.tabs.alarms')}>
        {rows.map((row) => (
          <Paper
            key={row.alarm.id}
            withBorder
            radius="md"
            p="sm"
            role="listitem"
            data-testid={`haccp-alarm-${row.alarm.errorCode}`}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                {row.severity}
                <Text fw={700} size="sm">
                  {row.alarm.errorCode}
                </Text>
              </Group>
              <Text size="sm">{row.description}</Text>
              <DeliveryMarker chain={row.alarm.chain} otherVersions={row.alarm.otherVersions} timeZone={timeZone} />
              <Text size="xs" c="dimmed">
                {t('haccp.columns.start')}: {row.start}
              </Text>
              <Text size="xs" c="dimmed">
                {t('haccp.columns.acknowledged')}: {row.acknowledged}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {t('haccp.columns.stop')}:
                </Text>
                <Text size="xs" c="dimmed" component="div">
                  {row.stop}
                </Text>
              </Group>
              {row.corrections}
              {row.correct}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <HaccpTable
      label={t('haccp.tabs.alarms')}
      minWidth={980}
      columns={[
        { label: t('haccp.columns.errorCode') },
        { label: t('haccp.columns.description') },
        { label: t('haccp.columns.start') },
        { label: t('haccp.columns.stop') },
        { label: t('haccp.columns.severity') },
        { label: t('haccp.columns.acknowledged') },
      ]}
    >
      {rows.map((row, index) => (
        <Fragment key={row.alarm.id}>
          <Table.Tr data-testid={`haccp-alarm-${row.alarm.errorCode}`} style={recordStripe(index)}>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Text fw={700} size="sm">
                  {row.alarm.errorCode}
                </Text>
                {row.correct}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                {row.description}
                <DeliveryMarker chain={row.alarm.chain} otherVersions={row.alarm.otherVersions} timeZone={timeZone} />
              </Stack>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.start}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.stop}</Table.Td>
            <Table.Td>{row.severity}</Table.Td>
            <Table.Td data-testid="haccp-alarm-acknowledged">{row.acknowledged}</Table.Td>
          </Table.Tr>
          {row.alarm.corrections.length > 0 && (
            // The alarm stays as the machine reported it; its corrections follow it, across the table.
            <Table.Tr data-corrects={row.alarm.id} style={recordStripe(index)}>
              <Table.Td colSpan={6}>{row.corrections}</Table.Td>
            </Table.Tr>
          )}
        </Fragment>
      ))}
    </HaccpTable>
  );
}
