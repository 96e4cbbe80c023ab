import type { ReactNode } from 'react';
import { Badge, Group, List, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { alarmByCode, formatDate, formatTime, type TAlarmView } from '@washboard/contracts';
import { EmptyState } from '../../../../ui/EmptyState';
import { useDeviceTranslation } from '../../../i18n/device-texts';
import { useAlarmRegister } from '../../hooks/use-device-details';
import { Loading } from '../../../../ui/Loading';
import { usePhone } from '../../../../ui/use-phone';
import { AlarmLifecycle } from './AlarmLifecycle';
import { useLanguage } from '../../../i18n/i18n';
import { browserTimeZone } from '../../../../ui/browser-time-zone';

type TRow = {
  alarm: TAlarmView;
  id: string;
  code: string;
  open: boolean;
  date: string;
  time: string;
  description: string;
  solutions: ReactNode;
};

/**
 * The alarm register (device-areas §2): date, time, description and the possible solutions in the
 * order to try them; alarms still open are marked; who acknowledged each and whom it is assigned to,
 * with the buttons to do both while it is open (docs/alarms.md). Needs the device texts: render inside Suspense.
 */
export function AlarmRegister({ serialNumber }: { serialNumber: string }) {
  const { t } = useTranslation();
  const { t: td } = useDeviceTranslation();
  // On a phone the register is a list of cards instead of a four-column table.
  const phone = usePhone();
  const lang = useLanguage();
  const register = useAlarmRegister(serialNumber);
  if (register.isPending) {
    return <Loading py="lg" />;
  }
  if (register.isError) return <EmptyState message={register.error.message} />;
  if (register.data.length === 0) return <EmptyState message={t('alarmRegister.empty')} />;

  const rows: TRow[] = register.data.map((alarm) => {
    const entry = alarmByCode(alarm.errorCode);
    return {
      alarm,
      id: alarm.id,
      code: alarm.errorCode,
      open: alarm.stopDate === null,
      date: formatDate(alarm.startDate, 'short', lang, browserTimeZone()),
      time: formatTime(alarm.startDate, false, lang, browserTimeZone()),
      description: entry ? td(`alarms.${entry.code}`) : alarm.errorCode,
      solutions:
        entry && entry.solutions.length > 0 ? (
          <List type="ordered" size="sm" spacing={2}>
            {entry.solutions.map((solution) => (
              <List.Item key={solution}>{td(`solutions.${solution}`)}</List.Item>
            ))}
          </List>
        ) : (
          '—'
        ),
    };
  });
  const code = (row: TRow) => (
    <Text fw={700} size="sm">
      {row.code}
      {row.open && (
        <Badge ml="xs" color="red" variant="light" size="sm">
          {t('device.alarms.active')}
        </Badge>
      )}
    </Text>
  );

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t('device.alarms.period')}
      </Text>
      {phone ? (
        <Stack gap="sm" aria-label={t('alarmRegister.title')} role="list">
          {rows.map((row) => (
            <Paper key={row.id} withBorder radius="md" p="sm" role="listitem" data-testid={`alarm-${row.code}`}>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  {code(row)}
                  <Text size="xs" c="dimmed">
                    {row.date} · {row.time}
                  </Text>
                </Group>
                <Text size="sm">{row.description}</Text>
                <Text size="xs" c="dimmed" fw={600}>
                  {t('alarmRegister.columns.solutions')}
                </Text>
                {row.solutions}
                <Text size="xs" c="dimmed" fw={600}>
                  {t('alarmRegister.handling')}
                </Text>
                <AlarmLifecycle serialNumber={serialNumber} alarm={row.alarm} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" striped aria-label={t('alarmRegister.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>{t('alarmRegister.columns.date')}</Table.Th>
                <Table.Th w={70}>{t('alarmRegister.columns.time')}</Table.Th>
                <Table.Th>{t('alarmRegister.columns.description')}</Table.Th>
                <Table.Th>{t('alarmRegister.columns.solutions')}</Table.Th>
                <Table.Th w={230}>{t('alarmRegister.handling')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid={`alarm-${row.code}`}>
                  <Table.Td style={{ verticalAlign: 'top' }}>{row.date}</Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>{row.time}</Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <Stack gap={4} align="flex-start">
                      {code(row)}
                      <Text size="sm">{row.description}</Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>{row.solutions}</Table.Td>
                  <Table.Td style={{ verticalAlign: 'top' }}>
                    <AlarmLifecycle serialNumber={serialNumber} alarm={row.alarm} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
