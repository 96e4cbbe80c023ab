import { useId } from 'react';
import { CHART_H as H, CHART_TOP as TOP, CHART_W as W, ChartFrame } from './ChartFrame';

export type TChartPoint = { t: number; v: number };

type TProps = {
  title: string;
  points: readonly TChartPoint[];
  formatValue: (v: number) => string;
  formatTime: (t: number) => string;
};

/**
 * One counter over time as a small SVG line chart: a few hundred bytes of code instead of a
 * charting library (the details page stays within its JavaScript budget, docs/benchmarks.md).
 */
export function StatChart({ title, points, formatValue, formatTime }: TProps) {
  const gradient = useId();
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const values = points.map((p) => p.v);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const flat = max === min;
  const duration = last.t - first.t;
  // One report, or all at one instant: a level line across the chart.
  const drawn =
    duration > 0
      ? points
      : [
          { t: 0, v: first.v },
          { t: 1, v: first.v },
        ];
  const start = drawn[0]?.t ?? 0;
  const span = (drawn[drawn.length - 1]?.t ?? 1) - start || 1;
  const x = (t: number) => ((t - start) / span) * W;
  const y = (v: number) => (flat ? H / 2 : TOP + (1 - (v - min) / (max - min)) * (H - TOP));
  const line = drawn.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ');
  const area = `${line} L${W},${H} L0,${H} Z`;
  const summary = `${formatValue(first.v)} → ${formatValue(last.v)}`;
  return (
    <ChartFrame
      title={title}
      summary={summary}
      role="img"
      label={`${title}: ${summary}`}
      from={formatTime(first.t)}
      to={duration > 0 ? formatTime(last.t) : undefined}
    >
      <defs>
        <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="var(--mantine-primary-color-filled)" stopOpacity={0.3} />
          <stop offset="100%" stopColor="var(--mantine-primary-color-filled)" stopOpacity={0.03} />
        </linearGradient>
      </defs>
      <path d={area} fill={`url(#${gradient})`} />
      <path
        d={line}
        fill="none"
        stroke="var(--mantine-primary-color-filled)"
        strokeWidth={2.2}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </ChartFrame>
  );
}
