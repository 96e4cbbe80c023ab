import { z } from 'zod';
import { CYCLE_TYPES } from './cycles';
import { PARAMETERS, parameterByKey } from './parameters';
import { TELEMETRY_FIELDS, TELEMETRY_KEYS, type TTelemetryKey } from './telemetry-fields';
import { RINSE_TRACE_MAX_SAMPLES } from './heat-dose';
import { CLAIMING_CODE_PATTERN, COMMAND_ERRORS, DEVICE_MESSAGE_REFUSALS } from './protocol';

/** ISO 8601 timestamp with offset (devices send UTC, `Z`). */
const ZTimestamp = z.iso.datetime({ offset: true });
const ZId = z.uuid();
/** Tenths of °C; the range covers a cold store room to a failed boiler (−50 °C … 150 °C). */
const ZTenthsCelsius = z.int().min(-500).max(1500);
/** Litres × 10. */
const ZTenthsLitre = z.int().min(0).max(1_000_000);

/** `status` (retained; also the last will `{"online":false}`). */
export const ZDeviceStatus = z.object({
  online: z.boolean(),
  systemState: z.int().min(0).max(15).optional(),
  cycleType: z.enum(CYCLE_TYPES).nullable().optional(),
  cycleNumber: z.int().min(0).nullable().optional(),
  ts: ZTimestamp.optional(),
});
export type TDeviceStatus = z.infer<typeof ZDeviceStatus>;

/**
 * `telemetry`: a machine sends the fields of its range (see `keptFieldsFor`), each a raw integer
 * within its plausible range — all declared once in the registry (`TELEMETRY_FIELDS`).
 */
export const ZTelemetry = z.object({
  ts: ZTimestamp,
  ...(Object.fromEntries(
    TELEMETRY_KEYS.map((key) => [key, z.int().min(TELEMETRY_FIELDS[key].min).max(TELEMETRY_FIELDS[key].max).optional()]),
  ) as { [K in TTelemetryKey]: z.ZodOptional<z.ZodInt> }),
});
export type TTelemetry = z.infer<typeof ZTelemetry>;

/** Measured extremes of one cycle, tenths of °C. */
export const ZCycleMeasurements = z.object({
  washMinTmp: ZTenthsCelsius,
  washMaxTmp: ZTenthsCelsius,
  rinseMinTmp: ZTenthsCelsius,
  rinseMaxTmp: ZTenthsCelsius,
  /** litres × 10 of fresh water used by the final rinse */
  rinseWaterVlm: ZTenthsLitre.optional(),
});
export type TCycleMeasurements = z.infer<typeof ZCycleMeasurements>;

/** `event`: one HACCP record — a finished cycle, or a parameter changed on the machine. */
export const ZHaccpEvent = z.discriminatedUnion('kind', [
  z.object({
    id: ZId,
    kind: z.literal('cycle'),
    cycleName: z.enum(CYCLE_TYPES),
    cycleNumber: z.int().min(0).optional(),
    start: ZTimestamp,
    stop: ZTimestamp,
    /** false when the cycle was stopped before its end */
    completed: z.boolean().default(true),
    measurements: ZCycleMeasurements,
    /**
     * The final-rinse temperature at the rinse outlet, one sample a second from the rinse's start,
     * tenths of °C (docs/hygiene.md, "Heat dose"); optional, at most RINSE_TRACE_MAX_SAMPLES.
     */
    rinseTrace: z.array(ZTenthsCelsius).max(RINSE_TRACE_MAX_SAMPLES).optional(),
  }),
  z.object({
    id: ZId,
    kind: z.literal('parameter'),
    cycleName: z.enum(CYCLE_TYPES).nullable().optional(),
    start: ZTimestamp,
    stop: ZTimestamp,
    parameterName: z.string().min(1).max(64),
    oldValue: z.number().nullable().optional(),
    newValue: z.number(),
  }),
]);
export type THaccpEvent = z.infer<typeof ZHaccpEvent>;

/** `alarm`: opened (stopDate null), later the same id again with its stopDate. */
export const ZDeviceAlarm = z.object({
  id: ZId,
  errorCode: z.string().regex(/^[A-Z]{1,2}\d{1,2}$/),
  startDate: ZTimestamp,
  stopDate: ZTimestamp.nullable(),
});
export type TDeviceAlarm = z.infer<typeof ZDeviceAlarm>;

/** `fota`: firmware update progress. */
export const ZFotaStatus = z.object({
  perc: z.int().min(0).max(100),
  inProg: z.boolean(),
  /** the firmware being installed (FW00) */
  version: z.string().max(40).optional(),
});
export type TFotaStatus = z.infer<typeof ZFotaStatus>;

/** `versions` (retained). */
export const ZVersions = z.object({
  fw00: z.string().max(40),
  fw02: z.string().max(40),
  connectivity: z.string().max(40),
  control: z.string().max(40),
});
export type TVersions = z.infer<typeof ZVersions>;

/**
 * A parameter key of the catalogue ('S25', 'intensive.washDuration'). Only these are stored: a
 * device could otherwise fill its stored set (and every answer serving it) with keys of its own.
 */
const ZParameterKey = z
  .string()
  .max(64)
  .refine((key) => parameterByKey(key) !== undefined, 'not a parameter of the catalogue');

/** `params` (retained): the full parameter set the machine holds now, keys of the parameter catalogue. */
export const ZParameterSet = z.object({
  ts: ZTimestamp,
  values: z.record(ZParameterKey, z.number()),
});
export type TParameterSet = z.infer<typeof ZParameterSet>;

/** `stats` (retained): the machine's lifetime counters (statistics of device-areas §3). */
export const ZDeviceStats = z.object({
  ts: ZTimestamp,
  totalCycles: z.int().min(0),
  /** litres × 10 */
  totalWater: z.int().min(0),
  rinsePumpTime: z.int().min(0),
  washPumpTime: z.int().min(0),
  /** Wh */
  energy: z.int().min(0),
  regenerationCycles: z.int().min(0),
  logsCount: z.int().min(0),
  boilerHeaterTime: z.int().min(0),
  tankHeaterTime: z.int().min(0),
  cyclesUntilMaintenance: z.int(),
});
export type TDeviceStats = z.infer<typeof ZDeviceStats>;

/** `claiming-code`: the activation code the machine shows now, and until when. */
export const ZClaimingCode = z.object({
  code: z.string().regex(CLAIMING_CODE_PATTERN),
  expiresAt: ZTimestamp,
});
export type TClaimingCode = z.infer<typeof ZClaimingCode>;

/** `cmd/result` (device → cloud): matched to its command by `id`. */
export const ZCommandResult = z.object({
  id: ZId,
  ok: z.boolean(),
  error: z.enum(COMMAND_ERRORS).optional(),
  /** parameter keys refused by `params-set` (at most the whole catalogue) */
  rejected: z.array(z.string().max(64)).max(PARAMETERS.length).optional(),
});
export type TCommandResult = z.infer<typeof ZCommandResult>;

/** `error` (cloud → device, QoS 1, not retained): a message the cloud refused, and why. */
export const ZDeviceMessageError = z.object({
  /** the topic the refused message was published to */
  topic: z.string(),
  reason: z.enum(DEVICE_MESSAGE_REFUSALS),
  /** the refused message's `id`, when it could be read */
  id: z.string().max(64).optional(),
  ts: ZTimestamp,
});
export type TDeviceMessageError = z.infer<typeof ZDeviceMessageError>;
