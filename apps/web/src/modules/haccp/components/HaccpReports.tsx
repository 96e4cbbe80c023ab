import { Suspense, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Tabs } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { canCorrectHaccp, canShareHaccp, hygieneRuleFor } from '@washboard/contracts';
import { isNotFound } from '../../api/api-client';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useUserData } from '../../session/session-store';
import type { THaccpPeriod } from '../api/haccp-api';
import { lastSevenDays, useHaccpAlarms, useHaccpEvents } from '../hooks/use-haccp';
import { useApplianceDetail, useMachineUnits } from '../../devices/hooks/use-devices';
import { HistoryFromNote } from '../../devices/components/details/HistoryFromNote';
import { CorrectionDialog, type TCorrectionTarget } from './CorrectionDialog';
import { HaccpAlarmsTable } from './HaccpAlarmsTable';
import { HaccpEventsTable } from './HaccpEventsTable';
import { HaccpExportButtons } from './HaccpExportButtons';
import { HaccpPeriodForm } from './HaccpPeriodForm';
import { HaccpRuleText } from './HaccpRuleText';
import { InspectorLinks } from './InspectorLinks';
import { Loading } from '../../../ui/Loading';
import { browserTimeZone } from '../../../ui/browser-time-zone';
import { lazyWithin } from '../../../ui/lazy-within';

// The share dialog and its QR code library load when the dialog is first opened.
const InspectorLinkDialog = lazyWithin(() => import('./InspectorLinkDialog').then((m) => ({ default: m.InspectorLinkDialog })));

/**
 * The HACCP screen (device-areas §2): a period (the last seven days by default), the events with the
 * hygiene verdict of each cycle, the alarms, and the two PDF exports of the same period; for the
 * machine's owner and service, the links that share the period with an inspector.
 */
export function HaccpReports({ serialNumber, notFound }: { serialNumber: string; notFound: ReactNode }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<THaccpPeriod>(() => lastSevenDays());
  const [timeZone] = useState(browserTimeZone);
  const [sharing, setSharing] = useState(false);
  const [correcting, setCorrecting] = useState<TCorrectionTarget | null>(null);
  const events = useHaccpEvents(serialNumber, period);
  const alarms = useHaccpAlarms(serialNumber, period);
  const unitSystem = useMachineUnits(serialNumber).system;
  const detail = useApplianceDetail(serialNumber);
  const user = useUserData();
  const rule = hygieneRuleFor(detail.data?.type ?? 'undercounter');
  const canShare = Boolean(user && detail.data && canShareHaccp(user, detail.data.owned));
  const canCorrect = Boolean(user && canCorrectHaccp(user));

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
          {canShare && (
            <Button variant="default" leftSection={<IconShare size={18} aria-hidden />} onClick={() => setSharing(true)}>
              {t('haccp.inspectorLinks.share')}
            </Button>
          )}
        </Group>
      </Group>
      {detail.data && <HaccpRuleText type={detail.data.type} unitSystem={unitSystem} />}
      <HistoryFromNote serialNumber={serialNumber} from={Date.parse(`${period.startDate}T00:00:00Z`)} />
      <Tabs defaultValue="events" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events">
            <Group gap={6} wrap="nowrap">
              {t('haccp.tabs.events')}
              {failed > 0 && (
                <Badge color="red.9" size="sm" miw={20} px={6} aria-label={t('haccp.verdicts.failedCount', { count: failed })}>
                  {failed}
                </Badge>
              )}
            </Group>
          </Tabs.Tab>
          <Tabs.Tab value="alarms">{t('haccp.tabs.alarms')}</Tabs.Tab>
          {canShare && <Tabs.Tab value="inspectorLinks">{t('haccp.tabs.inspectorLinks')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="events" pt="md">
          <Suspense fallback={<Loading />}>
            <QueryBoundary query={events}>
              {(rows) => (
                <HaccpEventsTable
                  events={rows}
                  rule={rule}
                  unitSystem={unitSystem}
                  gamma={detail.data?.gamma}
                  timeZone={timeZone}
                  onCorrect={canCorrect ? (e, name) => setCorrecting({ kind: 'event', id: e.id, name }) : undefined}
                />
              )}
            </QueryBoundary>
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="alarms" pt="md">
          <Suspense fallback={<Loading />}>
            <QueryBoundary query={alarms}>
              {(rows) => (
                <HaccpAlarmsTable
                  alarms={rows}
                  timeZone={timeZone}
                  onCorrect={canCorrect ? (a, name) => setCorrecting({ kind: 'alarm', id: a.id, name }) : undefined}
                />
              )}
            </QueryBoundary>
          </Suspense>
        </Tabs.Panel>
        {canShare && (
          <Tabs.Panel value="inspectorLinks" pt="md">
            <InspectorLinks serialNumber={serialNumber} />
          </Tabs.Panel>
        )}
      </Tabs>
      {correcting && <CorrectionDialog serialNumber={serialNumber} target={correcting} onClose={() => setCorrecting(null)} />}
      {sharing && (
        <Suspense fallback={null}>
          <InspectorLinkDialog serialNumber={serialNumber} period={period} onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
