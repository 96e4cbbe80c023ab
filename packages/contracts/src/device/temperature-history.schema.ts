import { z } from 'zod';
import { TELEMETRY_FIELDS, TELEMETRY_KEYS, type TTelemetryKey } from './telemetry-fields';

/**
 * GET …/temperature-history: a machine's temperatures and volumes over a period, downsampled on
 * the server to at most `buckets` time buckets with the minimum and maximum of each, so that no
 * peak is lost (docs/hygiene.md, "Temperature history").
 */
export const TEMPERATURE_HISTORY_PERIODS = ['lastCycle', 'day', 'week', 'month'] as const;
export type TTemperatureHistoryPeriod = (typeof TEMPERATURE_HISTORY_PERIODS)[number];

/** The most buckets a call may ask for, and how many it gets by default. */
export const TEMPERATURE_HISTORY_MAX_BUCKETS = 1000;
export const TEMPERATURE_HISTORY_DEFAULT_BUCKETS = 400;

/** The telemetry fields the history draws: the temperatures and the volumes of the registry. */
export const TEMPERATURE_HISTORY_FIELDS: readonly TTelemetryKey[] = TELEMETRY_KEYS.filter(
  (key) => TELEMETRY_FIELDS[key].unit === 'temperature' || TELEMETRY_FIELDS[key].unit === 'volume',
);

export const ZTemperatureHistoryQuery = z.object({
  period: z.enum(TEMPERATURE_HISTORY_PERIODS).default('day'),
  buckets: z.coerce.number().int().min(10).max(TEMPERATURE_HISTORY_MAX_BUCKETS).default(TEMPERATURE_HISTORY_DEFAULT_BUCKETS),
});
export type TTemperatureHistoryQuery = z.infer<typeof ZTemperatureHistoryQuery>;

const ZBucketValues = z.record(z.string(), z.number().nullable());

export const ZTemperatureHistory = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Width of one bucket, seconds. */
    bucketSeconds: z.number(),
    /** The fields of the machine's range that the buckets carry (raw units, see the registry). */
    fields: z.array(z.string()),
    /** Buckets with data, oldest first: the bucket's start and each field's min and max in it. */
    buckets: z.array(z.object({ t: z.string(), min: ZBucketValues, max: ZBucketValues })),
    /** The cycles that ran in the period (HACCP cycle records), to shade on the chart. */
    cycles: z.array(z.object({ start: z.string(), stop: z.string(), cycleName: z.string().nullable() })),
  })
  .meta({ id: 'TemperatureHistory' });
export type TTemperatureHistory = z.infer<typeof ZTemperatureHistory>;
