import {
  TELEMETRY_FIELDS,
  toFahrenheit,
  toUsGallons,
  type TTelemetryKey,
  type TTelemetryUnit,
  type TUnitSystemOption,
} from '@washboard/contracts';
import { csvRow } from '../http/csv';
import type { TTelemetryRow } from './temperature-history.repository';

/** A column's unit, as the end of its name says it (stable names: the file is read by programs). */
function unitSuffix(unit: TTelemetryUnit, units: TUnitSystemOption): string {
  const gallons = units.volume === 'usGallon';
  switch (unit) {
    case 'temperature':
      return units.temperature === 'fahrenheit' ? 'f' : 'c';
    case 'volume':
      return gallons ? 'gal' : 'l';
    case 'flowRate':
      return gallons ? 'gal_per_h' : 'l_per_h';
    case 'seconds':
      return 's';
  }
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * A raw value in the machine's units (`displayUnits`): °C or °F to 0.1, litres to 0.1 or US gallons
 * to 0.01 (a flow rate per hour in the same volume unit).
 */
function shown(key: TTelemetryKey, raw: number | null, units: TUnitSystemOption): number | undefined {
  if (raw === null) return undefined;
  const { unit, scale } = TELEMETRY_FIELDS[key];
  if (unit === 'seconds') return raw;
  if (unit === 'temperature')
    return units.temperature === 'fahrenheit' ? round(toFahrenheit(raw, scale), 1) : round(raw / scale, 1);
  return units.volume === 'usGallon' ? round(toUsGallons(raw, scale), 2) : round(raw / scale, 1);
}

/** The header of a telemetry export: `time`, then each field's column with its unit (`boiler_tmp_c`). */
export function telemetryCsvHeader(fields: readonly TTelemetryKey[], units: TUnitSystemOption): string {
  return csvRow([
    'time',
    ...fields.map((key) => `${TELEMETRY_FIELDS[key].column}_${unitSuffix(TELEMETRY_FIELDS[key].unit, units)}`),
  ]);
}

/** Rows of a telemetry export: the instant in ISO 8601 UTC, each value in the machine's units. */
export function telemetryCsvRows(
  rows: readonly TTelemetryRow[],
  fields: readonly TTelemetryKey[],
  units: TUnitSystemOption,
): string {
  return rows
    .map((row) => csvRow([row.ts.toISOString(), ...fields.map((key) => shown(key, row.values[key] ?? null, units))]))
    .join('');
}
