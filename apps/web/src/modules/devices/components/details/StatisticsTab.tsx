import { useState } from 'react';
import { Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, isLanguage, type TApplianceDetail } from '@washboard/contracts';
import { EmptyState } from '../../../../ui/EmptyState';
import { useStatisticsHistory } from '../../hooks/use-device-details';
import { StatChart } from './StatChart';
import { formatStatistic, STATISTICS, statisticValue } from './stats-format';
import { Loading } from '../../../../ui/Loading';

const PERIODS = [7, 30, 365] as const;
/** The counters drawn over time (the others are shown as figures only). */
const CHARTED = ['totalCycles', 'totalWater', 'energy', 'washPumpTime', 'boilerHeaterTime', 'regenerationCycles'] as const;

/** The latest lifetime counters as figures, and their course over the chosen period as charts. */
export function StatisticsTab({ appliance }: { appliance: TApplianceDetail }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : 'it';
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const history = useStatisticsHistory(appliance.serialNumber, days);
  const latest = appliance.statistic;
  if (!latest) return <EmptyState message={t('errors.noStatistics')} />;
  const points = history.data ?? [];
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
        <Title order={3} size="h4">
          {t('device.statistics.history')}
        </Title>
        <SegmentedControl
          w="fit-content"
          value={String(days)}
          onChange={(v) => setDays(PERIODS.find((p) => String(p) === v) ?? 30)}
          data={PERIODS.map((p) => ({ value: String(p), label: t('device.statistics.lastDays', { count: p }) }))}
        />
        {history.isPending ? (
          <Loading py="lg" />
        ) : history.isError ? (
          <EmptyState message={history.error.message} />
        ) : points.length === 0 ? (
          <EmptyState message={t('device.statistics.noHistory')} />
        ) : (
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
                  formatTime={(ms) => formatDate(ms, 'short', lang)}
                />
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
