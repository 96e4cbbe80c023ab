import { CHART_H as H, CHART_TOP as TOP, CHART_W as W, ChartFrame } from './ChartFrame';

/** One bar: the period's start and what was used in it; null when nothing could be measured then. */
export type TUsageBar = { start: number; value: number | null };

/** Share of its slot a bar fills; the rest is the gap to the next one. */
const BAR_SHARE = 0.7;

type TProps = {
  title: string;
  bars: readonly TUsageBar[];
  /** the figures above the chart (total, average) */
  summary: string;
  formatValue: (v: number) => string;
  /** a period's name: its date, or the week it begins */
  formatPeriod: (start: number) => string;
  noReport: string;
};

/**
 * Usage per period as a small SVG bar chart, like StatChart without a charting library. Each bar is
 * a list item named by its period and value (its tooltip too), so a screen reader can walk the days.
 */
export function UsageChart({ title, bars, summary, formatValue, formatPeriod, noReport }: TProps) {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return null;
  const max = Math.max(0, ...bars.map((b) => b.value ?? 0));
  const slot = W / bars.length;
  const height = (v: number) => (max > 0 ? (v / max) * (H - TOP) : 0);
  return (
    <ChartFrame
      title={title}
      summary={summary}
      role="list"
      label={title}
      from={formatPeriod(first.start)}
      to={bars.length > 1 ? formatPeriod(last.start) : undefined}
    >
      {bars.map((bar, i) => {
        const label = `${formatPeriod(bar.start)}: ${bar.value === null ? noReport : formatValue(bar.value)}`;
        const h = height(bar.value ?? 0);
        return (
          <rect
            key={bar.start}
            role="listitem"
            aria-label={label}
            x={i * slot + (slot * (1 - BAR_SHARE)) / 2}
            width={slot * BAR_SHARE}
            y={H - h}
            height={h}
            rx={Math.min(3, slot * 0.1)}
            fill="var(--mantine-primary-color-filled)"
          >
            <title>{label}</title>
          </rect>
        );
      })}
    </ChartFrame>
  );
}
