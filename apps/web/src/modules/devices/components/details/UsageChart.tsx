import { Group, Paper, Stack, Text } from '@mantine/core';

/** One bar: the period's start and what was used in it; null when the machine sent no report then. */
export type TUsageBar = { start: number; value: number | null };

/** Drawing units, as in StatChart: stretched to the card's width at a fixed height. */
const W = 1000;
const H = 100;
const TOP = 6;
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
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {summary}
          </Text>
        </Group>
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          width="100%"
          height={110}
          role="list"
          aria-label={title}
          style={{ display: 'block' }}
        >
          {[TOP, (H + TOP) / 2].map((gy) => (
            <line
              key={gy}
              x1={0}
              x2={W}
              y1={gy}
              y2={gy}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray="4 5"
              vectorEffect="non-scaling-stroke"
            />
          ))}
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
          <line x1={0} x2={W} y1={H} y2={H} stroke="var(--mantine-color-default-border)" vectorEffect="non-scaling-stroke" />
        </svg>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {formatPeriod(first.start)}
          </Text>
          {bars.length > 1 && (
            <Text size="xs" c="dimmed">
              {formatPeriod(last.start)}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
