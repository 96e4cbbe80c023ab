import { useMemo } from 'react';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  localCalendar,
  USAGE_COUNTERS,
  usagePerPeriod,
  type TDeviceStats,
  type TLanguage,
  type TUsagePeriod,
} from '@washboard/contracts';
import { UsageChart } from './UsageChart';
import { formatStatistic, STATISTICS } from './stats-format';

type TProps = {
  /** counter reports oldest first, including some before `from` to count the first period from */
  reports: readonly TDeviceStats[];
  from: number;
  period: TUsagePeriod;
  lang: TLanguage;
};

/** What the machine used per day or per week (cycles, water, energy, regenerations), one bar chart each. */
export function UsageCharts({ reports, from, period, lang }: TProps) {
  const { t } = useTranslation();
  const periods = useMemo(() => usagePerPeriod(reports, USAGE_COUNTERS, localCalendar(period), from), [reports, period, from]);
  // Periods are the browser's calendar days: their names are written in its time zone too.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const formatPeriod = (start: number) => {
    const date = formatDate(start, 'short', lang, timeZone);
    return period === 'day' ? date : t('device.statistics.weekOf', { date });
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="usage-charts">
      {USAGE_COUNTERS.map((key) => {
        const stat = STATISTICS.find((s) => s.key === key);
        if (!stat) return null;
        const bars = periods.map((p) => ({ start: p.start, value: p.usage ? p.usage[key] / stat.scale : null }));
        const reported = bars.flatMap((b) => (b.value === null ? [] : [b.value]));
        const total = reported.reduce((sum, v) => sum + v, 0);
        const format = (v: number) => formatStatistic(stat, v, lang);
        const series = t(`device.statistics.usageSeries.${key}`);
        return (
          <UsageChart
            key={key}
            title={t(period === 'day' ? 'device.statistics.usagePerDay' : 'device.statistics.usagePerWeek', { series })}
            bars={bars}
            summary={t('device.statistics.usageSummary', {
              total: format(total),
              average: format(reported.length > 0 ? total / reported.length : 0),
            })}
            formatValue={format}
            formatPeriod={formatPeriod}
            noReport={t('device.statistics.noReport')}
          />
        );
      })}
    </SimpleGrid>
  );
}
