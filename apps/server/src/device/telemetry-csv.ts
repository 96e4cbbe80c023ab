import {
  TELEMETRY_FIELDS,
  toFahrenheit,
  toUsGallons,
  type TTelemetryKey,
  type TTelemetryUnit,
  type TUnitSystem,
} from '@washboard/contracts';
import { csvRow } from '../http/csv';
import type { TTelemetryRow } from './temperature-history.repository';

/** A column's unit, as the end of its name says it (stable names: the file is read by programs). */
const UNIT_SUFFIX: Record<TUnitSystem, Record<TTelemetryUnit, string>> = {
  metric: { temperature: 'c', volume: 'l', flowRate: 'l_per_h', seconds: 's' },
  imperial: { temperature: 'f', volume: 'gal', flowRate: 'gal_per_h', seconds: 's' },
};

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** A raw value in the unit system's unit: °C or °F to 0.1, litres to 0.1 or US gallons to 0.01. */
function shown(key: TTelemetryKey, raw: number | null, system: TUnitSystem): number | undefined {
  if (raw === null) return undefined;
  const { unit, scale } = TELEMETRY_FIELDS[key];
  if (unit === 'seconds') return raw;
  if (unit === 'temperature') return system === 'imperial' ? round(toFahrenheit(raw, scale), 1) : round(raw / scale, 1);
  return system === 'imperial' ? round(toUsGallons(raw, scale), 2) : round(raw / scale, 1);
}

/** The header of a telemetry export: `time`, then each field's column with its unit (`boiler_tmp_c`). */
export function telemetryCsvHeader(fields: readonly TTelemetryKey[], system: TUnitSystem): string {
  return csvRow([
    'time',
    ...fields.map((key) => `${TELEMETRY_FIELDS[key].column}_${UNIT_SUFFIX[system][TELEMETRY_FIELDS[key].unit]}`),
  ]);
}

/** Rows of a telemetry export: the instant in ISO 8601 UTC, each value in the unit system's units. */
export function telemetryCsvRows(rows: readonly TTelemetryRow[], fields: readonly TTelemetryKey[], system: TUnitSystem): string {
  return rows
    .map((row) => csvRow([row.ts.toISOString(), ...fields.map((key) => shown(key, row.values[key] ?? null, system))]))
    .join('');
}
