import type { TGamma } from '../appliance/gamma';
import { CYCLE_TYPES, WASH_CYCLES, type TCycleType } from './cycles';
import { celsiusToFahrenheit, fahrenheitToCelsius, LITRES_PER_US_GALLON, type TUnit, type TUnitSystem } from './units';

/**
 * The parameter catalogue: every parameter code of device-areas §9 and the per-cycle parameters of
 * §3, with the bounds the server enforces ("Value not allowed") and the simulator uses.
 *
 * Values are raw, as the machine sends them: temperatures in tenths of °C, volumes in litres × 10,
 * times in seconds (DESIGN §4); `scale` says how many raw units make one shown unit (10 for °C and
 * litres, 60 for minutes, 3600 for hours, 1 otherwise). The meaning of each code, the bounds and the
 * reasons for them are in docs/catalogues.md.
 */

/** The spec's parameter type: 0 cycle (any user who may edit the machine), 1 factory (SERVICE_MANAGER, ADMIN). */
export const PARAMETER_KINDS = ['cycle', 'factory'] as const;
export type TParameterKind = (typeof PARAMETER_KINDS)[number];

/** Sections of the parameter editor, in display order. */
export const PARAMETER_GROUPS = [
  'temperatures',
  'times',
  'water',
  'chemicals',
  'energy',
  'softener',
  'maintenance',
  'hardware',
  'calibration',
  'general',
] as const;
export type TParameterGroup = (typeof PARAMETER_GROUPS)[number];

/** A unit of `units.ts`, or: a count of cycles, a plain number, one of listed options, or on/off (0/1). */
export type TParameterUnit = TUnit | 'cycles' | 'none' | 'enum' | 'boolean';

/** The fields each cycle has (§3); soaking only on eco and short. */
export const CYCLE_FIELDS = [
  'washDuration',
  'pauseDuration',
  'soakingDuration',
  'rinseVolume',
  'rinseTime',
  'boilerSetpoint',
  'tankSetpoint',
  'detergentDosage',
  'rinseAidDosage',
  'softStart',
] as const;
export type TCycleField = (typeof CYCLE_FIELDS)[number];

/** The cycles that have a soaking phase. */
export const SOAKING_CYCLES = ['eco', 'short'] as const satisfies readonly TCycleType[];

type TBounds = {
  readonly group: TParameterGroup;
  readonly kind: TParameterKind;
  readonly unit: TParameterUnit;
  /** Raw units per shown unit. */
  readonly scale: number;
  readonly min: number;
  readonly max: number;
  readonly default: number;
  /** Increment of the editor, in raw units; the server accepts any integer within the bounds. */
  readonly step: number;
  /** The only values allowed, for enumerations (option ids are the `device` texts' `parameterOptions`). */
  readonly options?: Readonly<Record<string, number>>;
  /** A temperature difference (hysteresis, offset): converted to °F without the +32. */
  readonly difference?: true;
  /** An on/off switch's words (device-areas §4): enabled/disabled unless said (`toggleWords`). */
  readonly words?: TToggleWords;
  readonly gammas: readonly TGamma[];
};

/** The pairs of words an on/off parameter is told with: fitted hardware is present or absent, a function active or inhibited. */
export const TOGGLE_WORDS = {
  switch: ['enabled', 'disabled'],
  fitted: ['present', 'absent'],
  function: ['active', 'inhibited'],
} as const;
export type TToggleWords = keyof typeof TOGGLE_WORDS;

const ALL: readonly TGamma[] = ['infinity', 'hiline', 'prime', 'ge'];
const NOT_HILINE: readonly TGamma[] = ['infinity', 'prime', 'ge'];

// Shorthands for the table below; every number is raw.
type TSpec = Omit<TBounds, 'scale' | 'step'> & { readonly scale?: number; readonly step?: number };
const p = (spec: TSpec): TBounds => ({ scale: 1, step: 1, ...spec });
const celsius = (spec: Omit<TSpec, 'unit' | 'scale'>): TBounds => p({ step: 5, ...spec, unit: 'celsius', scale: 10 });
const litres = (spec: Omit<TSpec, 'unit' | 'scale'>): TBounds => p({ ...spec, unit: 'litre', scale: 10 });
const seconds = (spec: Omit<TSpec, 'unit'>): TBounds => p({ ...spec, unit: 'second' });
const minutes = (spec: Omit<TSpec, 'unit' | 'scale'>): TBounds => p({ step: 60, ...spec, unit: 'minute', scale: 60 });
const hours = (spec: Omit<TSpec, 'unit' | 'scale'>): TBounds => p({ step: 3600, ...spec, unit: 'hour', scale: 3600 });
const kilowatts = (spec: Omit<TSpec, 'unit' | 'scale'>): TBounds => p({ ...spec, unit: 'kilowatt', scale: 10 });
const flag = (spec: Omit<TSpec, 'unit' | 'min' | 'max'>): TBounds => p({ ...spec, unit: 'boolean', min: 0, max: 1 });
const choice = (
  options: Readonly<Record<string, number>>,
  spec: Omit<TSpec, 'unit' | 'min' | 'max' | 'options'>,
  unit: TParameterUnit = 'enum',
): TBounds => {
  const values = Object.values(options);
  return p({ ...spec, unit, options, min: Math.min(...values), max: Math.max(...values) });
};
/** A temperature difference in tenths of °C (hysteresis, probe offset). */
const delta = (spec: Omit<TSpec, 'unit' | 'scale' | 'step' | 'difference'>): TBounds =>
  celsius({ ...spec, step: 1, difference: true });
const counts = (spec: Omit<TSpec, 'unit' | 'min' | 'max' | 'kind' | 'gammas'>): TBounds =>
  p({ ...spec, unit: 'none', kind: 'factory', min: 0, max: 4095, gammas: NOT_HILINE });

/** Level sensing of a vessel: a level switch (pressure switch) or an analog pressure transducer. */
const LEVEL_SENSOR = { pressureSwitch: 0, transducer: 1 } as const;

/**
 * Parameters with a code, in code order. `kind: 'factory'` for hardware, safety and calibration;
 * `kind: 'cycle'` for what a kitchen manager or a service technician sets up on site.
 */
const CODE_PARAMETERS = {
  // Minimum temperatures (thermostop) and regulation. The defaults are the hygiene rule's minimums
  // (final rinse 82 °C, wash 60 °C, docs/hygiene.md): a cycle waits for hot enough water instead of
  // washing colder, and fails only when the wait gives up (S22, S18).
  S2: celsius({ group: 'temperatures', kind: 'factory', min: 600, max: 850, default: 820, gammas: ALL }),
  S3: celsius({ group: 'temperatures', kind: 'factory', min: 400, max: 650, default: 600, gammas: ALL }),
  S6: delta({ group: 'temperatures', kind: 'factory', min: 10, max: 100, default: 30, gammas: ALL }),
  S9: delta({ group: 'temperatures', kind: 'factory', min: 10, max: 100, default: 20, gammas: ALL }),
  S10: delta({ group: 'calibration', kind: 'factory', min: -50, max: 50, default: 0, gammas: NOT_HILINE }),
  S11: delta({ group: 'calibration', kind: 'factory', min: -50, max: 50, default: 0, gammas: NOT_HILINE }),
  S12: celsius({ group: 'energy', kind: 'cycle', min: 500, max: 800, default: 700, gammas: ALL }),
  S13: celsius({ group: 'energy', kind: 'cycle', min: 400, max: 550, default: 500, gammas: ALL }),
  // Timeouts (T alarms) and times.
  S14: seconds({ group: 'times', kind: 'factory', min: 60, max: 1800, default: 600, step: 10, gammas: ALL }),
  S15: seconds({ group: 'times', kind: 'factory', min: 30, max: 900, default: 300, step: 10, gammas: NOT_HILINE }),
  S16: seconds({ group: 'times', kind: 'factory', min: 30, max: 600, default: 180, step: 10, gammas: NOT_HILINE }),
  S17: minutes({ group: 'times', kind: 'factory', min: 600, max: 7200, default: 2700, gammas: ALL }),
  S18: minutes({ group: 'times', kind: 'factory', min: 600, max: 10800, default: 3600, gammas: NOT_HILINE }),
  S19: seconds({ group: 'times', kind: 'factory', min: 30, max: 600, default: 180, step: 10, gammas: ALL }),
  S20: seconds({ group: 'times', kind: 'factory', min: 30, max: 600, default: 120, step: 10, gammas: ALL }),
  S21: seconds({ group: 'times', kind: 'factory', min: 5, max: 180, default: 30, gammas: NOT_HILINE }),
  S22: seconds({ group: 'times', kind: 'factory', min: 30, max: 900, default: 300, step: 10, gammas: NOT_HILINE }),
  S23: seconds({ group: 'times', kind: 'factory', min: 300, max: 7200, default: 1800, step: 60, gammas: NOT_HILINE }),
  S24: seconds({ group: 'times', kind: 'factory', min: 10, max: 900, default: 120, step: 10, gammas: NOT_HILINE }),
  // Rinse flow estimate used without a flow meter (spec: flow meter fault → FM1 = 0, S25 = estimated flow).
  S25: p({
    group: 'water',
    kind: 'factory',
    unit: 'litrePerHour',
    min: 60,
    max: 1500,
    default: 600,
    step: 10,
    gammas: NOT_HILINE,
  }),
  // Energy.
  S26: flag({ words: 'fitted', group: 'energy', kind: 'factory', default: 0, gammas: NOT_HILINE }),
  S27: seconds({ group: 'energy', kind: 'cycle', min: 0, max: 600, default: 90, step: 10, gammas: NOT_HILINE }),
  S28: minutes({ group: 'energy', kind: 'cycle', min: 0, max: 14400, default: 1800, gammas: ALL }),
  S29: hours({ group: 'energy', kind: 'cycle', min: 0, max: 86400, default: 7200, gammas: ALL }),
  S30: flag({ words: 'function', group: 'energy', kind: 'factory', default: 1, gammas: ALL }),
  S31: kilowatts({ group: 'energy', kind: 'factory', min: 30, max: 300, default: 100, gammas: NOT_HILINE }),
  // Electrical ratings and fitted components.
  S32: kilowatts({ group: 'hardware', kind: 'factory', min: 20, max: 180, default: 90, gammas: NOT_HILINE }),
  S33: kilowatts({ group: 'hardware', kind: 'factory', min: 10, max: 90, default: 30, gammas: NOT_HILINE }),
  S34: p({ group: 'hardware', kind: 'factory', unit: 'voltAc', min: 200, max: 480, default: 400, gammas: ALL }),
  S35: choice({ hz50: 50, hz60: 60 }, { group: 'hardware', kind: 'factory', default: 50, gammas: ALL }, 'hertz'),
  S36: flag({ words: 'fitted', group: 'hardware', kind: 'factory', default: 1, gammas: NOT_HILINE }),
  S37: flag({ words: 'fitted', group: 'hardware', kind: 'factory', default: 1, gammas: ALL }),
  S38: flag({ words: 'fitted', group: 'hardware', kind: 'factory', default: 1, gammas: NOT_HILINE }),
  S39: flag({ words: 'function', group: 'hardware', kind: 'factory', default: 1, gammas: ALL }),
  S40: choice({ cold: 0, hot: 1 }, { group: 'water', kind: 'cycle', default: 0, gammas: ALL }),
  // Maintenance: thresholds of last emptying, service interval.
  S41: p({ group: 'maintenance', kind: 'cycle', unit: 'cycles', min: 0, max: 1000, default: 200, step: 10, gammas: NOT_HILINE }),
  S42: hours({ group: 'maintenance', kind: 'cycle', min: 0, max: 172800, default: 28800, gammas: NOT_HILINE }),
  S43: p({
    group: 'maintenance',
    kind: 'factory',
    unit: 'cycles',
    min: 0,
    max: 100000,
    default: 20000,
    step: 500,
    gammas: NOT_HILINE,
  }),
  // Chemicals.
  S44: flag({ words: 'fitted', group: 'chemicals', kind: 'factory', default: 1, gammas: ALL }),
  S45: flag({ words: 'fitted', group: 'chemicals', kind: 'factory', default: 1, gammas: ALL }),
  S46: p({ group: 'chemicals', kind: 'cycle', unit: 'gramPerLitre', scale: 10, min: 0, max: 100, default: 30, gammas: ALL }),
  // Machine display and remote control.
  S47: choice({ metric: 0, imperial: 1 }, { group: 'general', kind: 'cycle', default: 0, gammas: ALL }),
  S48: choice({ h24: 0, h12: 1 }, { group: 'general', kind: 'cycle', default: 0, gammas: ALL }),
  S49: choice({ it: 0, en: 1, fr: 2, de: 3, es: 4 }, { group: 'general', kind: 'cycle', default: 0, gammas: ALL }),
  S50: flag({ group: 'general', kind: 'cycle', default: 1, gammas: ALL }),
  // Dosing pumps: product density and priming after a container replacement.
  d1: p({
    group: 'chemicals',
    kind: 'cycle',
    unit: 'gramPerLitre',
    min: 800,
    max: 1600,
    default: 1200,
    step: 10,
    gammas: NOT_HILINE,
  }),
  d2: p({
    group: 'chemicals',
    kind: 'cycle',
    unit: 'gramPerLitre',
    min: 800,
    max: 1300,
    default: 1020,
    step: 10,
    gammas: NOT_HILINE,
  }),
  d3: p({ group: 'chemicals', kind: 'cycle', unit: 'millilitre', min: 0, max: 200, default: 40, step: 5, gammas: NOT_HILINE }),
  d4: p({ group: 'chemicals', kind: 'cycle', unit: 'millilitre', min: 0, max: 200, default: 30, step: 5, gammas: NOT_HILINE }),
  // Softener regeneration.
  r3: p({ group: 'softener', kind: 'cycle', unit: 'milligramPerLitre', min: 0, max: 1000, default: 250, step: 10, gammas: ALL }),
  r4: p({ group: 'softener', kind: 'cycle', unit: 'cycles', min: 0, max: 1000, default: 0, step: 10, gammas: ALL }),
  r5: seconds({ group: 'softener', kind: 'factory', min: 30, max: 900, default: 300, step: 10, gammas: NOT_HILINE }),
  r6: seconds({ group: 'softener', kind: 'factory', min: 30, max: 900, default: 240, step: 10, gammas: NOT_HILINE }),
  // Level sensors: B boiler, V tank (vasca), T break tank. 1, 2 calibration points (sensor counts,
  // 12-bit); 3 volume at the full point; 4 working level; 5 minimum level.
  SB1: counts({ group: 'calibration', default: 300 }),
  SB2: counts({ group: 'calibration', default: 2000 }),
  SB3: litres({ group: 'calibration', kind: 'factory', min: 20, max: 200, default: 90, gammas: NOT_HILINE }),
  SB4: litres({ group: 'calibration', kind: 'factory', min: 20, max: 200, default: 85, gammas: NOT_HILINE }),
  SB5: litres({ group: 'calibration', kind: 'factory', min: 10, max: 200, default: 60, gammas: NOT_HILINE }),
  SV1: counts({ group: 'calibration', default: 300 }),
  SV2: counts({ group: 'calibration', default: 3000 }),
  SV3: litres({ group: 'calibration', kind: 'factory', min: 50, max: 800, default: 350, step: 5, gammas: NOT_HILINE }),
  SV4: litres({ group: 'calibration', kind: 'factory', min: 50, max: 800, default: 300, step: 5, gammas: NOT_HILINE }),
  SV5: litres({ group: 'calibration', kind: 'factory', min: 20, max: 800, default: 200, step: 5, gammas: NOT_HILINE }),
  ST1: counts({ group: 'calibration', default: 300 }),
  ST2: counts({ group: 'calibration', default: 2000 }),
  ST3: litres({ group: 'calibration', kind: 'factory', min: 10, max: 200, default: 80, gammas: NOT_HILINE }),
  ST4: litres({ group: 'calibration', kind: 'factory', min: 10, max: 200, default: 70, gammas: NOT_HILINE }),
  ST5: litres({ group: 'calibration', kind: 'factory', min: 0, max: 200, default: 20, gammas: NOT_HILINE }),
  PB1: choice(LEVEL_SENSOR, { group: 'hardware', kind: 'factory', default: 1, gammas: NOT_HILINE }),
  PV1: choice(LEVEL_SENSOR, { group: 'hardware', kind: 'factory', default: 1, gammas: NOT_HILINE }),
  PT1: choice(LEVEL_SENSOR, { group: 'hardware', kind: 'factory', default: 1, gammas: NOT_HILINE }),
  FM1: choice({ none: 0, inlet: 1, rinse: 2 }, { group: 'water', kind: 'factory', default: 1, gammas: NOT_HILINE }),
  OS1: choice(
    { none: 0, builtIn: 1, external: 2, reverseOsmosis: 3 },
    { group: 'softener', kind: 'factory', default: 1, gammas: ALL },
  ),
} as const satisfies Record<string, TBounds>;

export type TParameterCode = keyof typeof CODE_PARAMETERS;
export type TCycleParameterKey = `${TCycleType}.${TCycleField}`;
/** 'S25', 'FM1', … or `${cycleType}.${field}` ('intensive.washDuration'). */
export type TParameterKey = TParameterCode | TCycleParameterKey;

/** One catalogue entry: a coded parameter or one field of one cycle. */
export type TParameter = TBounds & { readonly key: TParameterKey } & (
    | { readonly code: TParameterCode; readonly cycleType?: undefined; readonly field?: undefined }
    | { readonly code?: undefined; readonly cycleType: TCycleType; readonly field: TCycleField }
  );

/** Default values per cycle (raw), one column per field of ROW_FIELDS; soaking is in SOAKING_DEFAULTS. */
type TRowField = Exclude<TCycleField, 'soakingDuration'>;
type TCycleDefaults = Readonly<Record<TRowField, number>>;
const ROW_FIELDS = CYCLE_FIELDS.filter((field): field is TRowField => field !== 'soakingDuration');
const row = (...values: readonly [number, number, number, number, number, number, number, number, number]): TCycleDefaults =>
  Object.fromEntries(ROW_FIELDS.map((field, i) => [field, values[i] ?? 0])) as TCycleDefaults;

// The washing programmes' factory setpoints keep the wash peak above the hygiene rule's 60 °C
// (docs/hygiene.md) with margin: the tank thermostat lets the water sag by S9 (2 °C) before it
// heats again, so a 60 °C setpoint washed at 58–60 °C and failed most cycles; likewise the boiler
// at 85 °C keeps the final rinse clear of 82 °C.
// prettier-ignore
const CYCLE_DEFAULTS: Readonly<Record<TCycleType, TCycleDefaults>> = {
  //                 wash  pause rinse l×10  rinse s  boiler  tank  det g/l×10  rinse aid mg/l  soft start
  fast:         row(  60,   5,   25,          12,     850,    650,  20,         200,            0),
  glasses:      row(  90,   5,   25,          12,     850,    640,  15,         250,            1),
  dishes:       row( 120,   5,   30,          15,     850,    650,  20,         200,            0),
  intensive:    row( 240,   8,   35,          18,     880,    680,  30,         200,            0),
  eco:          row( 150,   5,   25,          12,     850,    640,  20,         200,            0),
  short:        row(  90,   5,   25,          12,     850,    650,  20,         200,            0),
  medium:       row( 150,   5,   30,          15,     850,    650,  20,         200,            0),
  long:         row( 210,   8,   30,          15,     850,    660,  25,         200,            0),
  selfWash:     row( 600,  10,   40,          20,     850,    600,   0,           0,            0),
  manualDrain:  row(   0,   0,    0,           0,     850,    600,   0,           0,            0),
  regeneration: row(   0,   0,    0,           0,     850,    600,   0,           0,            0),
  extra:        row( 180,   5,   30,          15,     850,    650,  20,         200,            0),
};
const SOAKING_DEFAULTS: Readonly<Record<(typeof SOAKING_CYCLES)[number], number>> = { eco: 60, short: 30 };

/**
 * Bounds of each cycle field; `washMin` is the minimum of the washing programmes, whose wash and
 * rinse cannot be empty (maintenance cycles may set 0). Hiline has no rinse volume (no flow meter
 * or level sensor to measure it: the rinse is timed) and no soft start. The helpers' `default: 0` is
 * replaced by each cycle's value from CYCLE_DEFAULTS.
 */
const CYCLE_FIELD_BOUNDS: Readonly<Record<TCycleField, Omit<TBounds, 'default'> & { readonly washMin?: number }>> = {
  washDuration: {
    ...seconds({ group: 'times', kind: 'cycle', min: 0, max: 1800, default: 0, step: 10, gammas: ALL }),
    washMin: 30,
  },
  pauseDuration: seconds({ group: 'times', kind: 'cycle', min: 0, max: 60, default: 0, gammas: ALL }),
  soakingDuration: seconds({ group: 'times', kind: 'cycle', min: 0, max: 600, default: 0, step: 10, gammas: ALL }),
  rinseVolume: { ...litres({ group: 'water', kind: 'cycle', min: 0, max: 80, default: 0, gammas: NOT_HILINE }), washMin: 10 },
  rinseTime: { ...seconds({ group: 'times', kind: 'cycle', min: 0, max: 90, default: 0, gammas: ALL }), washMin: 5 },
  boilerSetpoint: celsius({ group: 'temperatures', kind: 'cycle', min: 800, max: 900, default: 0, gammas: ALL }),
  tankSetpoint: celsius({ group: 'temperatures', kind: 'cycle', min: 550, max: 700, default: 0, gammas: ALL }),
  detergentDosage: p({
    group: 'chemicals',
    kind: 'cycle',
    unit: 'gramPerLitre',
    scale: 10,
    min: 0,
    max: 100,
    default: 0,
    gammas: ALL,
  }),
  rinseAidDosage: p({
    group: 'chemicals',
    kind: 'cycle',
    unit: 'milligramPerLitre',
    min: 0,
    max: 1000,
    default: 0,
    step: 10,
    gammas: ALL,
  }),
  softStart: flag({ group: 'water', kind: 'cycle', default: 0, gammas: NOT_HILINE }),
};

function cycleParameter(cycleType: TCycleType, field: TCycleField, value: number): TParameter {
  const { washMin, ...bounds } = CYCLE_FIELD_BOUNDS[field];
  const washing = (WASH_CYCLES as readonly TCycleType[]).includes(cycleType);
  return {
    ...bounds,
    min: washing && washMin !== undefined ? washMin : bounds.min,
    default: value,
    key: `${cycleType}.${field}`,
    cycleType,
    field,
  };
}

function cycleParameters(cycleType: TCycleType): TParameter[] {
  const defaults = CYCLE_DEFAULTS[cycleType];
  const soaking = SOAKING_CYCLES.find((c) => c === cycleType);
  return CYCLE_FIELDS.flatMap((field) => {
    if (field === 'soakingDuration') return soaking ? [cycleParameter(cycleType, field, SOAKING_DEFAULTS[soaking])] : [];
    return [cycleParameter(cycleType, field, defaults[field])];
  });
}

/** The whole catalogue: coded parameters in code order, then each cycle's fields in CYCLE_TYPES order. */
export const PARAMETERS: readonly TParameter[] = [
  ...Object.entries(CODE_PARAMETERS).map(([code, bounds]): TParameter => ({
    ...bounds,
    key: code as TParameterCode,
    code: code as TParameterCode,
  })),
  ...CYCLE_TYPES.flatMap(cycleParameters),
];

const BY_KEY: ReadonlyMap<string, TParameter> = new Map(PARAMETERS.map((param) => [param.key, param]));

/** The catalogue entry of a key ('S25', 'eco.soakingDuration'); undefined if there is none. */
export function parameterByKey(key: string): TParameter | undefined {
  return BY_KEY.get(key);
}

/** The parameters a machine of this range has, optionally only cycle or only factory ones. */
export function parametersFor(gamma: TGamma, kind?: TParameterKind): readonly TParameter[] {
  return PARAMETERS.filter((param) => param.gammas.includes(gamma) && (kind === undefined || param.kind === kind));
}

/** The presets of a range: every parameter it has, at its default (raw). */
export function defaultParameters(gamma: TGamma): Partial<Record<TParameterKey, number>> {
  return Object.fromEntries(parametersFor(gamma).map((param) => [param.key, param.default]));
}

/**
 * The unit system a machine shows its values in, by its parameters: S47 (0 metric, 1 imperial);
 * metric until it has said. Every screen, export and mail shows the machine's values in it.
 */
export function machineUnitSystem(values: Readonly<Record<string, number>> | null | undefined): TUnitSystem {
  return values?.[UNIT_SYSTEM_PARAMETER] === 1 ? 'imperial' : 'metric';
}

/** The parameter a machine's unit system is set with; its options are the unit systems. */
export const UNIT_SYSTEM_PARAMETER = 'S47';

/** The main catalogue's keys (`toggles.*`) an on/off parameter's 1 and 0 are told with. */
export function toggleWords(param: Pick<TParameter, 'words'>): readonly [on: TToggleKey, off: TToggleKey] {
  const [on, off] = TOGGLE_WORDS[param.words ?? 'switch'];
  return [`toggles.${on}`, `toggles.${off}`];
}
type TToggleKey = `toggles.${(typeof TOGGLE_WORDS)[TToggleWords][number]}`;

export type TParameterCheck = 'ok' | 'unknown' | 'out_of_range' | 'not_integer';

/**
 * Whether `value` (raw) may be written to `key` on a machine of `gamma`: 'unknown' when the range
 * has no such parameter, 'not_integer' for anything but a whole number (raw values are integers),
 * 'out_of_range' outside min–max or, for an enumeration, not one of its options.
 */
export function checkParameterValue(key: string, value: number, gamma: TGamma): TParameterCheck {
  const param = BY_KEY.get(key);
  if (!param || !param.gammas.includes(gamma)) return 'unknown';
  if (!Number.isInteger(value)) return 'not_integer';
  if (value < param.min || value > param.max) return 'out_of_range';
  if (param.options && !Object.values(param.options).includes(value)) return 'out_of_range';
  return 'ok';
}

/** The unit a parameter is shown in, in a unit system: °F and US gallons for imperial. */
export function parameterDisplayUnit(param: TParameter, system: TUnitSystem): TParameterUnit {
  if (system === 'imperial' && param.unit === 'celsius') return 'fahrenheit';
  if (system === 'imperial' && param.unit === 'litre') return 'usGallon';
  return param.unit;
}

/** A raw value as shown in the editor (e.g. 850 → 85 °C or 185 °F; 2700 s → 45 min). */
export function toParameterDisplayValue(param: TParameter, raw: number, system: TUnitSystem = 'metric'): number {
  const value = raw / param.scale;
  const unit = parameterDisplayUnit(param, system);
  if (unit === 'fahrenheit') return param.difference ? (value * 9) / 5 : celsiusToFahrenheit(value);
  if (unit === 'usGallon') return value / LITRES_PER_US_GALLON;
  return value;
}

/** The raw value (rounded to an integer) of a value typed in the editor; the inverse of toParameterDisplayValue. */
export function toParameterRawValue(param: TParameter, shown: number, system: TUnitSystem = 'metric'): number {
  const unit = parameterDisplayUnit(param, system);
  let value = shown;
  if (unit === 'fahrenheit') value = param.difference ? (shown * 5) / 9 : fahrenheitToCelsius(shown);
  if (unit === 'usGallon') value = shown * LITRES_PER_US_GALLON;
  // Math.round(-0.5) is -0; normalise so that 0 compares and serialises as 0.
  return Math.round(value * param.scale) + 0;
}
