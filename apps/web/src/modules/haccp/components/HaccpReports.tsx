import { Suspense, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { foodCodeClassFor, foodCodeClassText, formatTemperature, hygieneRuleFor } from '@washboard/contracts';
import { isNotFound } from '../../api/api-client';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useApplianceDetail } from '../../devices/hooks/use-devices';
import type { THaccpPeriod } from '../api/haccp-api';
import { lastSevenDays, useHaccpAlarms, useHaccpEvents, useMachineUnitSystem } from '../hooks/use-haccp';
import { useHeatDoseWriter } from '../hooks/use-heat-dose-writer';
import { HaccpAlarmsTable } from './HaccpAlarmsTable';
import { HaccpEventsTable } from './HaccpEventsTable';
import { HaccpExportButtons } from './HaccpExportButtons';
import { HaccpPeriodForm } from './HaccpPeriodForm';
import { Loading } from '../../../ui/Loading';
import { useLanguage } from '../../i18n/i18n';

/**
 * The HACCP screen (device-areas §2): a period (the last seven days by default), the events with the
 * hygiene verdict of each cycle, the alarms, and the two PDF exports of the same period.
 */
export function HaccpReports({ serialNumber, notFound }: { serialNumber: string; notFound: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [period, setPeriod] = useState<THaccpPeriod>(() => lastSevenDays());
  const [timeZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const events = useHaccpEvents(serialNumber, period);
  const alarms = useHaccpAlarms(serialNumber, period);
  const unitSystem = useMachineUnitSystem(serialNumber);
  const detail = useApplianceDetail(serialNumber);
  const rule = hygieneRuleFor(detail.data?.type ?? 'undercounter');
  const writer = useHeatDoseWriter(unitSystem);

  if (isNotFound(events.error)) return notFound;
  const failed = events.data?.filter((e) => e.verdict === 'fail').length ?? 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <HaccpPeriodForm period={period} onChange={setPeriod} />
        <Group gap="xs" wrap="wrap">
          <HaccpExportButtons serialNumber={serialNumber} period={period} />
          <Button
            component={Link}
            variant="default"
            to={`/device/${encodeURIComponent(serialNumber)}/haccp/verification?${new URLSearchParams(period)}`}
          >
            {t('haccp.verification.open')}
          </Button>
        </Group>
      </Group>
      {detail.data && (
        <Text size="sm" c="dimmed">
          {t('haccp.rule', {
            machineType: t(`haccp.machineTypes.${detail.data.type}`, { defaultValue: detail.data.type }),
            wash: formatTemperature(rule.washMin, unitSystem, { lang }),
            rinse: formatTemperature(rule.rinseMin, unitSystem, { lang }),
          })}
          <br />
          {foodCodeClassText(foodCodeClassFor(detail.data.type), writer)}
        </Text>
      )}
      <Tabs defaultValue="events" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events">
            <Group gap={6} wrap="nowrap">
              {t('haccp.tabs.events')}
              {failed > 0 && (
                <Badge color="red" size="sm" circle aria-label={t('haccp.verdicts.fail')}>
                  {failed}
                </Badge>
              )}
            </Group>
          </Tabs.Tab>
          <Tabs.Tab value="alarms">{t('haccp.tabs.alarms')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events" pt="md">
          <Suspense fallback={<Loading />}>
            <QueryBoundary query={events}>
              {(rows) => <HaccpEventsTable events={rows} rule={rule} unitSystem={unitSystem} timeZone={timeZone} />}
            </QueryBoundary>
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="alarms" pt="md">
          <Suspense fallback={<Loading />}>
            <QueryBoundary query={alarms}>{(rows) => <HaccpAlarmsTable alarms={rows} timeZone={timeZone} />}</QueryBoundary>
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
