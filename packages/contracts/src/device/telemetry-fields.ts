import { GAMMAS, type TGamma } from '../appliance/gamma';
import type { TCycleField } from './parameters';
import { TEMPERATURE_SCALE, VOLUME_SCALE } from './units';

/**
 * The device registry's telemetry fields (docs/device-registry.md): each value a machine sends on
 * `telemetry` is declared here once, and everything else derives from the declaration — the
 * payload schema (`ZTelemetry`), the API's live values (`ZLiveTelemetry`, `TLiveTelemetry`), which
 * fields each range keeps (`liveFieldsFor`, `keptFieldsFor`), the COPY columns of the gateway's
 * writer, the dashboard's labels and formatting. The Drizzle table `telemetry` is written out for
 * its migrations and held against this list by a test (db/schema/telemetry-registry.spec.ts).
 *
 * Plain values only (no zod): the browser bundle imports it.
 */

/** How a value is measured: decides its plausible range, its formatting and its label's unit. */
export type TTelemetryUnit = 'temperature' | 'volume' | 'flowRate' | 'seconds';

export type TTelemetryField = {
  /** The column of the `telemetry` table. */
  column: string;
  /** The SQL type of that column: smallint holds tenths of °C, integer everything else. */
  sqlType: 'smallint' | 'integer';
  unit: TTelemetryUnit;
  /** The machine sends the value × scale as an integer (tenths of °C, litres × 10, l/h × 10, seconds). */
  scale: number;
  /** The plausible range of the raw (scaled) integer; anything outside is refused as INVALID_PAYLOAD. */
  min: number;
  max: number;
  /** The ranges whose machines send the field and whose data keeps it; 'all' includes ranges we do not know. */
  ranges: 'all' | readonly TGamma[];
  /**
   * The catalogue text under `device.live.` naming it on the device card and page; null for values
   * that are not shown as a live value of their own (the cycle bar's times).
   */
  label: string | null;
  /**
   * The cycle field holding the temperature this value is heated to while a cycle runs: its
   * setpoint, shown beside the value (device-areas §3 "Live state: … setpoints").
   */
  setpoint?: Extract<TCycleField, 'boilerSetpoint' | 'tankSetpoint'>;
};

/** Tenths of °C: a cold store room to a failed boiler (−50 °C … 150 °C). */
const TENTHS_CELSIUS = { sqlType: 'smallint', unit: 'temperature', scale: TEMPERATURE_SCALE, min: -500, max: 1500 } as const;
/** Litres × 10. */
const TENTHS_LITRE = { sqlType: 'integer', unit: 'volume', scale: VOLUME_SCALE, min: 0, max: 1_000_000 } as const;
/** Seconds, up to a year. */
const SECONDS = { sqlType: 'integer', unit: 'seconds', scale: 1, min: 0, max: 86_400 * 366 } as const;
/** Every range sends it. */
const EVERY_RANGE = 'all' as const;
/** Only the full range (infinity) has the sensor; hiline, prime and ge do not (device-areas §3). */
const INFINITY_ONLY = ['infinity'] as const satisfies readonly TGamma[];

/** In COPY order after `serial_number, ts`; the order is also the dashboard's. */
export const TELEMETRY_FIELDS = {
  boilerTmp: {
    column: 'boiler_tmp',
    ...TENTHS_CELSIUS,
    ranges: EVERY_RANGE,
    label: 'boilerTemperature',
    setpoint: 'boilerSetpoint',
  },
  tankTmp: { column: 'tank_tmp', ...TENTHS_CELSIUS, ranges: EVERY_RANGE, label: 'tankTemperature', setpoint: 'tankSetpoint' },
  waterTmp: { column: 'water_tmp', ...TENTHS_CELSIUS, ranges: INFINITY_ONLY, label: 'inletWaterTemperature' },
  boilerVlm: { column: 'boiler_vlm', ...TENTHS_LITRE, ranges: EVERY_RANGE, label: 'boilerVolume' },
  tankVlm: { column: 'tank_vlm', ...TENTHS_LITRE, ranges: EVERY_RANGE, label: 'tankVolume' },
  rinseWaterVlm: { column: 'rinse_water_vlm', ...TENTHS_LITRE, ranges: INFINITY_ONLY, label: 'breakTankVolume' },
  /** litres per hour × 10 */
  rinseWaterFlowRate: {
    column: 'rinse_water_flow_rate',
    sqlType: 'integer',
    unit: 'flowRate',
    scale: VOLUME_SCALE,
    min: 0,
    max: 100_000,
    ranges: INFINITY_ONLY,
    label: 'rinseFlowRate',
  },
  cycleTimeProgress: { column: 'cycle_time_progress', ...SECONDS, ranges: EVERY_RANGE, label: null },
  cycleTimeDuration: { column: 'cycle_time_duration', ...SECONDS, ranges: EVERY_RANGE, label: null },
} as const satisfies Record<string, TTelemetryField>;

export type TTelemetryKey = keyof typeof TELEMETRY_FIELDS;
export const TELEMETRY_KEYS = Object.keys(TELEMETRY_FIELDS) as TTelemetryKey[];

/** A field shown as a live value of its own (it has a label). */
export type TLiveField = {
  [K in TTelemetryKey]: (typeof TELEMETRY_FIELDS)[K]['label'] extends string ? K : never;
}[TTelemetryKey];

/** The catalogue texts naming the live fields, below `device.live.`. */
export type TLiveFieldLabel = NonNullable<(typeof TELEMETRY_FIELDS)[TLiveField]['label']>;

/** Live values as the machine sends them (raw integers), only the fields of its range. */
export type TLiveTelemetry = { ts: string } & { [K in TTelemetryKey]?: number };

/** A range we know, else the full range: a machine of an unknown range is shown everything it sends. */
function rangeOf(gamma: string | null | undefined): TGamma {
  return (GAMMAS as readonly (string | null | undefined)[]).includes(gamma) ? (gamma as TGamma) : 'infinity';
}

/** A field shown as a live value of its own (it has a label). */
function isLiveField(key: TTelemetryKey): key is TLiveField {
  return TELEMETRY_FIELDS[key].label !== null;
}

function keptBy(gamma: TGamma): readonly TTelemetryKey[] {
  return TELEMETRY_KEYS.filter((key) => {
    const ranges: 'all' | readonly TGamma[] = TELEMETRY_FIELDS[key].ranges;
    return ranges === 'all' || ranges.includes(gamma);
  });
}

function perRange<T>(value: (gamma: TGamma) => T): Record<TGamma, T> {
  const values = {} as Record<TGamma, T>;
  for (const gamma of GAMMAS) values[gamma] = value(gamma);
  return values;
}

const KEPT = perRange(keptBy);
const SHOWN = perRange((gamma) => KEPT[gamma].filter(isLiveField));

/** Every field a machine of `gamma` sends and its data keeps (live values and cycle times). */
export function keptFieldsFor(gamma: string | null | undefined): readonly TTelemetryKey[] {
  return KEPT[rangeOf(gamma)];
}

/** Every field shown as a live value, in the dashboard's order. */
export const LIVE_FIELDS = TELEMETRY_KEYS.filter(isLiveField);

/**
 * The live fields a range shows (device-areas §3): infinity — and any range we do not know — all
 * seven; hiline, prime and ge only boiler and tank temperature and volume.
 */
export function liveFieldsFor(gamma: string | null | undefined): readonly TLiveField[] {
  return SHOWN[rangeOf(gamma)];
}

/** The fields heated to a setpoint while a cycle runs, each with the cycle field that holds it. */
export const SETPOINT_FIELDS = TELEMETRY_KEYS.flatMap((key) => {
  const setpoint = (TELEMETRY_FIELDS[key] as TTelemetryField).setpoint;
  return setpoint ? [{ key, setpoint }] : [];
});

/** The setpoints of the running cycle (raw, tenths of °C), by the telemetry field they are for. */
export type TSetpoints = { [K in TTelemetryKey]?: number };

/**
 * The setpoints a machine heats to while a cycle of `cycleType` runs, read from its parameters
 * (`dishes.boilerSetpoint`, …); null when no cycle runs. Outside a cycle the machine's targets are
 * its own (the standby temperatures after S28): the cloud does not know them, so none is shown.
 */
export function runningSetpoints(
  cycleType: string | null,
  parameters: Readonly<Record<string, number>> | null | undefined,
): TSetpoints | null {
  if (!cycleType) return null;
  const setpoints: TSetpoints = {};
  for (const { key, setpoint } of SETPOINT_FIELDS) {
    const value = parameters?.[`${cycleType}.${setpoint}`];
    if (typeof value === 'number') setpoints[key] = value;
  }
  return setpoints;
}

/** The catalogue key (`device.live.…`) naming a live field. */
export function liveFieldLabel(field: TLiveField): `device.live.${TLiveFieldLabel}` {
  return `device.live.${TELEMETRY_FIELDS[field].label as TLiveFieldLabel}`;
}
