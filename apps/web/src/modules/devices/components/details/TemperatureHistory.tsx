import { useState } from 'react';
import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  isLanguage,
  liveFieldLabel,
  TELEMETRY_FIELDS,
  TEMPERATURE_HISTORY_PERIODS,
  type TLiveField,
  type TLiveTelemetry,
  type TTemperatureHistory,
  type TTemperatureHistoryPeriod,
  type TUnitSystemOption,
} from '@washboard/contracts';
import { useLastTelemetry, useMachineUnits } from '../../hooks/use-devices';
import { useTemperatureHistory } from '../../hooks/use-device-details';
import { formatLiveValue } from '../live-format';
import { CHART_GRID, CHART_H as H, CHART_TOP as TOP, CHART_W as W, ChartFrame } from './ChartFrame';
import { browserTimeZone } from '../../../../ui/browser-time-zone';
import { HistoryFromNote } from './HistoryFromNote';
import { gapFor, runsOf } from './history-runs';

/** One point of a series: a bucket's min and max, or a live value (min = max). */
type TPoint = { t: number; min: Partial<Record<TLiveField, number | null>>; max: Partial<Record<TLiveField, number | null>> };

const COLORS: Partial<Record<TLiveField, string>> = {
  boilerTmp: 'var(--mantine-color-red-6)',
  tankTmp: 'var(--mantine-color-orange-6)',
  waterTmp: 'var(--mantine-color-blue-6)',
  boilerVlm: 'var(--mantine-color-grape-6)',
  tankVlm: 'var(--mantine-color-teal-6)',
  rinseWaterVlm: 'var(--mantine-color-cyan-6)',
};
/** Live values kept while the page is open (an hour at one a second). */
const LIVE_LIMIT = 3600;

/** The live values pushed to the page since it opened, oldest first. */
function useLiveSamples(serialNumber: string): TLiveTelemetry[] {
  const live = useLastTelemetry(serialNumber).data?.telemetry;
  const [samples, setSamples] = useState<TLiveTelemetry[]>([]);
  // Adjusted while rendering (not in an effect): a newer pushed value is added once.
  const last = samples[samples.length - 1];
  if (live && (!last || Date.parse(live.ts) > Date.parse(last.ts))) {
    setSamples([...samples.slice(-(LIVE_LIMIT - 1)), live]);
  }
  return samples;
}

type TChartProps = {
  title: string;
  fields: readonly TLiveField[];
  points: readonly TPoint[];
  /** neighbours further apart are drawn apart (`runsOf`) */
  gapMs: number;
  cycles: TTemperatureHistory['cycles'];
  from: number;
  to: number;
  lang: string;
  timeZone: string;
  /** the machine's units, in which the values and the scale are written */
  units: TUnitSystemOption;
};

/** One group of fields (temperatures or volumes): a min–max band and the max line per field, cycles shaded. */
function HistoryChart({ title, fields, points, gapMs, cycles, from, to, lang, timeZone, units }: TChartProps) {
  const { t } = useTranslation();
  const language = isLanguage(lang) ? lang : 'it';
  const values = points
    .flatMap((p) => fields.flatMap((f) => [p.min[f], p.max[f]]))
    .filter((v): v is number => typeof v === 'number');
  if (values.length === 0) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = to - from || 1;
  const x = (ms: number) => ((ms - from) / span) * W;
  const y = (v: number) => (high === low ? H / 2 : TOP + (1 - (v - low) / (high - low)) * (H - TOP));
  const format = (field: TLiveField, raw: number) => formatLiveValue(field, { ts: '', [field]: raw }, lang, units) ?? '';
  const summary = fields
    .map((f) => {
      const own = points.flatMap((p) => [p.min[f], p.max[f]]).filter((v): v is number => typeof v === 'number');
      if (own.length === 0) return null;
      return `${t(liveFieldLabel(f))} ${t('temperatureHistory.range', { min: format(f, Math.min(...own)), max: format(f, Math.max(...own)) })}`;
    })
    .filter(Boolean)
    .join(' · ');
  const when = (ms: number) => formatDate(new Date(ms).toISOString(), 'long', language, timeZone);
  // The grid lines' values, in the group's unit (each chart holds one unit): the top line is the
  // highest value drawn, the base line the lowest; a flat chart has its one value half-way.
  const unitOf = fields[0] ?? 'boilerTmp';
  const scale =
    high === low
      ? [{ at: y(high), label: format(unitOf, high) }]
      : [high, (high + low) / 2, low].map((v, i) => ({ at: CHART_GRID[i] ?? H, label: format(unitOf, v) }));
  return (
    <Stack gap={4}>
      <ChartFrame
        title={title}
        summary=""
        role="img"
        label={`${title}: ${summary}`}
        from={when(from)}
        middle={when((from + to) / 2)}
        to={when(to)}
        scale={scale}
      >
        {cycles.map((c) => (
          <rect
            key={c.start}
            x={x(Date.parse(c.start))}
            width={Math.max(2, x(Date.parse(c.stop)) - x(Date.parse(c.start)))}
            y={0}
            height={H}
            fill="var(--mantine-color-gray-5)"
            opacity={0.18}
            data-cycle
          />
        ))}
        {fields.map((f) => {
          const own = points.filter((p) => typeof p.max[f] === 'number' && typeof p.min[f] === 'number');
          if (own.length === 0) return null;
          const color = COLORS[f] ?? 'var(--mantine-primary-color-filled)';
          // One band and line per run; a run of one point is a stroke from its max to its min (a dot
          // when they are one: the line's round cap).
          const runs = runsOf(own, gapMs).map((run) => {
            const top = run.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.max[f] ?? 0).toFixed(1)}`);
            const bottom = [...run].reverse().map((p) => `L${x(p.t).toFixed(1)},${y(p.min[f] ?? 0).toFixed(1)}`);
            const line = run.length === 1 ? [...top, ...bottom] : top;
            return { line: line.join(' '), band: `${top.join(' ')} ${bottom.join(' ')} Z` };
          });
          return (
            <g key={f} data-field={f}>
              <path d={runs.map((r) => r.band).join(' ')} fill={color} opacity={0.2} />
              <path
                d={runs.map((r) => r.line).join(' ')}
                fill="none"
                stroke={color}
                strokeWidth={1.5}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
                data-runs={runs.length}
              />
            </g>
          );
        })}
      </ChartFrame>
      <Group gap="sm" wrap="wrap">
        {fields.map((f) => (
          <Group key={f} gap={4} wrap="nowrap">
            <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: COLORS[f] }} />
            <Text size="xs">{t(liveFieldLabel(f))}</Text>
          </Group>
        ))}
        {cycles.length > 0 && (
          <Group gap={4} wrap="nowrap">
            <span
              aria-hidden
              style={{ width: 10, height: 10, borderRadius: 2, background: 'var(--mantine-color-gray-5)', opacity: 0.5 }}
            />
            <Text size="xs">{t('temperatureHistory.cycles')}</Text>
          </Group>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {summary}
      </Text>
    </Stack>
  );
}

/**
 * The device page's temperature history (docs/hygiene.md): boiler, tank and inlet temperatures and
 * the volumes over the last cycle, day, week or month, min–max per bucket from the server, the
 * cycles shaded; the values pushed to the open page extend the rolling periods at the right edge.
 */
export function TemperatureHistory({ serialNumber }: { serialNumber: string }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<TTemperatureHistoryPeriod>('day');
  const [timeZone] = useState(browserTimeZone);
  const history = useTemperatureHistory(serialNumber, period);
  const live = useLiveSamples(serialNumber);
  const units = useMachineUnits(serialNumber);
  const data = history.data;
  if (!data) return null;
  const from = Date.parse(data.from);
  const fields = data.fields as TLiveField[];
  const points: TPoint[] = data.buckets.map((b) => ({ t: Date.parse(b.t), min: b.min, max: b.max }));
  const lastBucket = points[points.length - 1];
  const rolling = period !== 'lastCycle';
  const fresh = rolling ? live.filter((s) => Date.parse(s.ts) > (lastBucket?.t ?? from)) : [];
  for (const s of fresh) {
    const values = Object.fromEntries(fields.map((f) => [f, s[f] ?? null]));
    points.push({ t: Date.parse(s.ts), min: values, max: values });
  }
  const to = Math.max(Date.parse(data.to), points[points.length - 1]?.t ?? 0);
  const group = (unit: 'temperature' | 'volume') => fields.filter((f) => TELEMETRY_FIELDS[f].unit === unit);
  const chart = {
    points,
    gapMs: gapFor(data.bucketSeconds),
    cycles: data.cycles,
    from,
    to,
    lang: i18n.language,
    timeZone,
    units,
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mt="md"
      component="section"
      aria-label={t('temperatureHistory.title')}
      data-points={points.length}
      data-live-points={fresh.length}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={3} size="h4">
            {t('temperatureHistory.title')}
          </Title>
          <SegmentedControl
            aria-label={t('temperatureHistory.period')}
            value={period}
            onChange={(value) => setPeriod(value as TTemperatureHistoryPeriod)}
            data={TEMPERATURE_HISTORY_PERIODS.map((p) => ({ value: p, label: t(`temperatureHistory.periods.${p}`) }))}
            size="xs"
          />
        </Group>
        <HistoryFromNote serialNumber={serialNumber} from={from} />
        {points.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('temperatureHistory.empty')}
          </Text>
        ) : (
          <>
            <HistoryChart title={t('temperatureHistory.temperatures')} fields={group('temperature')} {...chart} />
            <HistoryChart title={t('temperatureHistory.volumes')} fields={group('volume')} {...chart} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
