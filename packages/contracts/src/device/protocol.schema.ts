import { z } from 'zod';
import { CYCLE_TYPES } from './cycles';
import { PARAMETERS, parameterByKey } from './parameters';
import { TELEMETRY_FIELDS, TELEMETRY_KEYS, type TTelemetryKey } from './telemetry-fields';
import { RINSE_TRACE_MAX_SAMPLES } from './heat-dose';
import { CLAIMING_CODE_PATTERN, COMMAND_ERRORS, DEVICE_MESSAGE_REFUSALS } from './protocol';
import { INSTALL_COUNTRIES, INSTALL_STEPS } from './commands';
import { UNIT_SYSTEMS } from './units';
import { BOARD_SERIAL_PATTERN } from './main-board';
import { SUPPORTED_LANGUAGES } from '../i18n/languages';

/** The first instant a machine's time may name (a clock reset starts at 1970), and the first it may not. */
const EARLIEST_DEVICE_TIME = 0;
const AFTER_LAST_DEVICE_TIME = Date.parse('9999-01-01T00:00:00Z');
/**
 * ISO 8601 timestamp with offset (devices send UTC, `Z`), from 1970 to 9998 UTC: PostgreSQL refuses
 * year 0, and a time out of its range would fail the whole batch the message rode in.
 */
const ZTimestamp = z.iso.datetime({ offset: true }).refine(isDeviceTime, 'time out of range');

/** Whether an ISO 8601 date-time (as `ZTimestamp`'s format reads it) is in the range a machine's time may have. */
export function isDeviceTime(t: string): boolean {
  // Nearly every time is well inside, and its year says so without parsing (the ingest path's telemetry).
  const year = t.slice(0, 4);
  if (year > '1970' && year < '9998') return true;
  const ms = Date.parse(t);
  return ms >= EARLIEST_DEVICE_TIME && ms < AFTER_LAST_DEVICE_TIME;
}
/** A cycle's number: the column is a 32-bit integer (a larger one would fail the whole batch). */
const ZCycleNumber = z.int().min(0).max(2_147_483_647);
const ZId = z.uuid();
/** An alarm code of the catalogues (`OH01`, `A2`). */
export const ZAlarmCode = z.string().regex(/^[A-Z]{1,2}\d{1,2}$/);

/** Tenths of °C; the range covers a cold store room to a failed boiler (−50 °C … 150 °C). */
const ZTenthsCelsius = z.int().min(-500).max(1500);
/** Litres × 10. */
const ZTenthsLitre = z.int().min(0).max(1_000_000);

/** `status` (retained; also the last will `{"online":false}`). */
export const ZDeviceStatus = z.object({
  online: z.boolean(),
  systemState: z.int().min(0).max(15).optional(),
  cycleType: z.enum(CYCLE_TYPES).nullable().optional(),
  cycleNumber: ZCycleNumber.nullable().optional(),
  /**
   * The front panel refuses cycle selection because a remote control session is active (left out
   * by older firmware and in the last will, which change nothing of it).
   */
  panelLocked: z.boolean().optional(),
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
    cycleNumber: ZCycleNumber.optional(),
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
  errorCode: ZAlarmCode,
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

/** Whether the runtime knows `zone` as an IANA time zone (`Europe/Rome`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own spelling of a time zone it knows (`europe/rome` → `Europe/Rome`, `US/Eastern` → `America/New_York`). */
export function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
}

/** An IANA time zone the runtime knows (`Europe/Rome`). */
export const ZTimeZone = z.string().min(1).max(64).refine(isTimeZone, 'not a time zone');

/** How a machine was installed (`install`), as it reports it in `info`. */
export const ZInstallation = z.object({
  name: z.string().trim().min(1).max(40),
  country: z.enum(INSTALL_COUNTRIES),
  unitSystem: z.enum(UNIT_SYSTEMS),
  timeZone: ZTimeZone,
  language: z.enum(SUPPORTED_LANGUAGES),
});
export type TInstallation = z.infer<typeof ZInstallation>;
/** An installation as the machine reports it: with `at`, when it was installed. */
export const ZInstalled = ZInstallation.extend({ at: ZTimestamp });
export type TInstalled = z.infer<typeof ZInstalled>;

/**
 * `info` (device → cloud, retained): the machine's hardware as it reports it — MAC address, mains
 * voltage and frequency, the electricity distribution it is wired for, its board versions — and
 * what the service menu set on it (energy saving, the installation).
 */
export const ZDeviceInfo = z.object({
  ts: ZTimestamp,
  macAddress: z.string().regex(/^[0-9A-F]{2}(:[0-9A-F]{2}){5}$/),
  /** volts AC */
  mainsVoltage: z.int().min(90).max(500),
  /** Hz */
  mainsFrequency: z.int().min(40).max(70),
  /** e.g. `3N~ 400 V`, `1N~ 230 V`, `3~ 230 V` */
  electricityDistribution: z.string().min(1).max(40),
  connectivity: z.string().max(40),
  control: z.string().max(40),
  /** the Wi-Fi signal the connectivity board receives, dBm; null on a wired connection */
  signalDbm: z.int().min(-120).max(0).nullable(),
  energySaving: z.boolean(),
  installation: ZInstalled.nullable(),
  /**
   * the main board's own serial number (printed on it as a QR code); optional: firmware before board
   * replacement (docs/local-link.md, "Board replacement") does not send it
   */
  boardSerial: z.string().regex(BOARD_SERIAL_PATTERN).optional(),
});
export type TDeviceInfo = z.infer<typeof ZDeviceInfo>;

/** `cmd/result` (device → cloud): matched to its command by `id`. */
export const ZCommandResult = z.object({
  id: ZId,
  ok: z.boolean(),
  error: z.enum(COMMAND_ERRORS).optional(),
  /** parameter keys refused by `params-set`, `restore-presets` or `install` (at most the whole catalogue) */
  rejected: z.array(z.string().max(64)).max(PARAMETERS.length).optional(),
  /** `alarm-reset`: the codes of the alarms it cleared (those it could not reset stay open) */
  cleared: z.array(ZAlarmCode).max(200).optional(),
  /** `factory-reset`: every parameter value the machine holds now */
  values: z.record(z.string().max(64), z.number()).optional(),
  /** `install` refused with INSTALL_FAILED: the step that failed */
  step: z.enum(INSTALL_STEPS).optional(),
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
