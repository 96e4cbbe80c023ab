import { regexes } from 'zod/v4/core';
import { isDeviceTime, TELEMETRY_FIELDS, TELEMETRY_KEYS, ZTelemetry, type TTelemetry } from '@washboard/contracts';

/** zod's own pattern for `ZTelemetry.ts` (an ISO 8601 date-time with Z or an offset), so both agree. */
const TIMESTAMP = regexes.datetime({ offset: true });

/** Each value's key and plausible range, taken from the device registry once. */
const CHECKS = TELEMETRY_KEYS.map((key) => ({ key, min: TELEMETRY_FIELDS[key].min, max: TELEMETRY_FIELDS[key].max }));

/**
 * `ZTelemetry.safeParse` for the hot path: the same answer (the same accepted messages, the same
 * output: `ts` and the registry's values, unknown keys dropped) from a check list made once from
 * the registry, without walking a zod schema per message — the ingest path reads thousands of
 * telemetry messages a second. A message it refuses goes through zod after all, for zod's
 * description of what is wrong (refusals are rare). `telemetry-reader.spec.ts` holds both against
 * each other on generated messages.
 */
export function readTelemetry(json: unknown): { success: true; data: TTelemetry } | { success: false; issues: string[] } {
  if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
    const source = json as Record<string, unknown>;
    const ts = source.ts;
    if (typeof ts === 'string' && TIMESTAMP.test(ts) && isDeviceTime(ts)) {
      const data: TTelemetry = { ts };
      let valid = true;
      for (const { key, min, max } of CHECKS) {
        const value = source[key];
        if (value === undefined) continue;
        if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
          valid = false;
          break;
        }
        data[key] = value;
      }
      if (valid) return { success: true, data };
    }
  }
  const result = ZTelemetry.safeParse(json);
  if (result.success) return { success: true, data: result.data };
  return { success: false, issues: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
}
