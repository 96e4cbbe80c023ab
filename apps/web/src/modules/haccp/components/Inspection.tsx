import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Alert, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconLinkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate, hygieneRuleFor, type TInspectionView } from '@washboard/contracts';
import { Loading } from '../../../ui/Loading';
import { apiErrorMessage } from '../../api/api-error-message';
import { useLanguage } from '../../i18n/i18n';
import { useRuntime } from '../../runtime/runtime-context';
import { useInspection, useInspectionExport } from '../hooks/use-inspector-links';
import { INSPECTION_FILES, type TInspectionReport } from '../api/inspector-link-api';
import { ExportButtons } from './HaccpExportButtons';
import { usePeriodText } from '../hooks/use-period-text';
import { HaccpAlarmsTable } from './HaccpAlarmsTable';
import { HaccpEventsTable } from './HaccpEventsTable';
import { HaccpRuleText } from './HaccpRuleText';
import { VerificationResult } from './HaccpVerification';
import { browserTimeZone } from '../../../ui/browser-time-zone';

/** A fact about the machine or the link: its name above, its value below. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** A link that does not open (unknown, expired, revoked): why, and nothing about any machine. */
function Unavailable({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="inspection-unavailable">
      <IconLinkOff size={56} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={1} size="h2">
        {t('inspection.unavailable')}
      </Title>
      <Text c="dimmed">{apiErrorMessage(error, t, t('errors.generic'))}</Text>
    </Stack>
  );
}

/** The files the inspector may keep of what the link shows: the two reports as PDF, both as CSV. */
function InspectionDownloads({ token, view }: { token: string; view: TInspectionView }) {
  const { t } = useTranslation();
  const exporter = useInspectionExport(token, view);
  return (
    <ExportButtons
      label={t('inspection.downloads')}
      reports={INSPECTION_REPORTS}
      running={exporter.isPending ? exporter.variables : null}
      start={(report, onError) => exporter.mutate(report, { onError })}
    />
  );
}

const INSPECTION_REPORTS = Object.keys(INSPECTION_FILES) as TInspectionReport[];

/** The record itself: the machine, the period, the verdict of the verification, the files to keep, then the tables. */
function InspectionRecord({ token, view }: { token: string; view: TInspectionView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const periodText = usePeriodText();
  const [timeZone] = useState(browserTimeZone);
  const { verification: v } = view;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('inspection.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('inspection.intro')} {t('inspection.validUntil', { date: formatDate(view.expiresAt, 'long', lang, timeZone) })}
        </Text>
        {view.label && <Text size="sm">{t('inspection.preparedFor', { label: view.label })}</Text>}
      </Stack>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="xs">
        <Fact label={t('inspection.machine')}>{view.machine.name}</Fact>
        <Fact label={t('inspection.serialNumber')}>{view.machine.serialNumber}</Fact>
        <Fact label={t('inspection.model')}>
          {t('common.modelOption', { model: view.machine.modelNumber, gamma: view.machine.rangeName })}
        </Fact>
        <Fact label={t('inspection.period')}>{periodText(view)}</Fact>
      </SimpleGrid>
      <Alert
        color={v.verified ? 'green' : 'red'}
        icon={v.verified ? <IconCircleCheck size={20} aria-hidden /> : <IconCircleX size={20} aria-hidden />}
        title={t(v.verified ? 'haccp.verification.verified' : 'haccp.verification.broken')}
        data-verified={v.verified}
      >
        {/* Why a period with no listed break may still not verify: problems just outside it. */}
        {v.breaksOutsidePeriod > 0 && (
          <Text size="sm" data-breaks-outside={v.breaksOutsidePeriod}>
            {t('inspection.breaksOutsidePeriod', { count: v.breaksOutsidePeriod })}
          </Text>
        )}
      </Alert>
      <HaccpRuleText type={view.machine.type} unitSystem={view.unitSystem} />
      <InspectionDownloads token={token} view={view} />
      <Tabs defaultValue="events" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events">{t('haccp.tabs.events')}</Tabs.Tab>
          <Tabs.Tab value="alarms">{t('haccp.tabs.alarms')}</Tabs.Tab>
          <Tabs.Tab value="verification">{t('inspection.verification')}</Tabs.Tab>
        </Tabs.List>
        <Suspense fallback={<Loading />}>
          <Tabs.Panel value="events" pt="md">
            <HaccpEventsTable
              events={view.events}
              rule={hygieneRuleFor(view.machine.type)}
              unitSystem={view.unitSystem}
              gamma={view.machine.gamma}
              timeZone={timeZone}
            />
          </Tabs.Panel>
          <Tabs.Panel value="alarms" pt="md">
            <HaccpAlarmsTable alarms={view.alarms} timeZone={timeZone} />
          </Tabs.Panel>
          <Tabs.Panel value="verification" pt="md">
            <VerificationResult v={v} />
          </Tabs.Panel>
        </Suspense>
      </Tabs>
    </Stack>
  );
}

/**
 * What an inspector link shows, read-only and without an account (docs/hygiene.md, "Inspector
 * links"): one machine's HACCP events with their verdicts and heat doses, its alarms and the
 * verification of its record over the link's period, and the same as PDF and CSV files to keep —
 * nothing else, and no way anywhere else.
 */
export function Inspection({ token }: { token: string }) {
  const { t } = useTranslation();
  const { brand } = useRuntime();
  const inspection = useInspection(token);
  useEffect(() => {
    document.title = `${t('inspection.title')} · ${brand.title}`;
  }, [t, brand.title]);
  if (inspection.isPending) return <Loading />;
  if (inspection.isError) return <Unavailable error={inspection.error} />;
  return <InspectionRecord token={token} view={inspection.data} />;
}
