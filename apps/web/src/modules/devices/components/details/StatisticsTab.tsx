import { useState } from 'react';
import { Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title, useMatches } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, USAGE_PERIODS, type TApplianceDetail, type TUsagePeriod } from '@washboard/contracts';
import { EmptyState } from '../../../../ui/EmptyState';
import { useStatisticsHistory } from '../../hooks/use-device-details';
import { StatChart } from './StatChart';
import { UsageCharts } from './UsageCharts';
import { formatStatistic, STATISTICS, statisticValue } from './stats-format';
import { Loading } from '../../../../ui/Loading';
import { useLanguage } from '../../../i18n/i18n';
import { browserTimeZone } from '../../../../ui/browser-time-zone';

const PERIODS = [7, 30, 365] as const;
/** The counters drawn over time (the others are shown as figures only). */
const CHARTED = ['totalCycles', 'totalWater', 'energy', 'washPumpTime', 'boilerHeaterTime', 'regenerationCycles'] as const;

/** The latest lifetime counters as figures, what they grew by per day or week as bars, and their course as line charts. */
export function StatisticsTab({ appliance }: { appliance: TApplianceDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const [period, setPeriod] = useState<TUsagePeriod>('day');
  // On a phone the period choices take the whole width and may wrap their labels, or the last is cut off.
  const narrow = useMatches({ base: true, sm: false });
  const controlLayout = narrow ? { fullWidth: true, w: '100%', styles: { label: { whiteSpace: 'normal' } } } : {};
  const history = useStatisticsHistory(appliance.serialNumber, days);
  const latest = appliance.statistic;
  if (!latest) return <EmptyState message={t('errors.noStatistics')} />;
  const points = history.data?.reports ?? [];
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" verticalSpacing="md">
          {STATISTICS.map((stat) => {
            const value = statisticValue(stat, latest);
            return (
              <Stack key={stat.key} gap={0} data-testid={`stat-${stat.key}`} miw={0}>
                <Text size="xs" c="dimmed">
                  {t(`device.statistics.${stat.label}`)}
                </Text>
                <Text fw={700} size="lg" c={stat.key === 'cyclesUntilMaintenance' && value <= 0 ? 'red' : undefined}>
                  {formatStatistic(stat, value, lang)}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Paper>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            {...controlLayout}
            value={String(days)}
            onChange={(v) => setDays(PERIODS.find((p) => String(p) === v) ?? 30)}
            data={PERIODS.map((p) => ({ value: String(p), label: t('device.statistics.lastDays', { count: p }) }))}
          />
          <SegmentedControl
            {...controlLayout}
            value={period}
            onChange={(v) => setPeriod(USAGE_PERIODS.find((p) => p === v) ?? 'day')}
            data={[
              { value: 'day', label: t('device.statistics.perDay') },
              { value: 'week', label: t('device.statistics.perWeek') },
            ]}
          />
        </Group>
        {history.isPending ? (
          <Loading py="lg" />
        ) : history.isError ? (
          <EmptyState message={history.error.message} />
        ) : points.length === 0 ? (
          <EmptyState message={t('device.statistics.noHistory')} />
        ) : (
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('device.statistics.usage')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('device.statistics.usageNote')}
            </Text>
            <UsageCharts reports={history.data.all} from={history.data.from} period={period} lang={lang} />
            <Title order={3} size="h4">
              {t('device.statistics.history')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="statistics-charts">
              {CHARTED.map((key) => {
                const stat = STATISTICS.find((s) => s.key === key);
                if (!stat) return null;
                return (
                  <StatChart
                    key={key}
                    title={t(`device.statistics.${stat.label}`)}
                    points={points.map((p) => ({ t: Date.parse(p.ts), v: statisticValue(stat, p) }))}
                    formatValue={(v) => formatStatistic(stat, v, lang)}
                    formatTime={(ms) => formatDate(ms, 'short', lang, browserTimeZone())}
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
