/**
 * The heat dose of a cycle's final rinse and the Food Code temperature rules of its machine's type.
 * Pure code: the gateway computes the dose once per cycle record (`heatDose`), the HACCP reads judge
 * it with `sanitisingChecks`. Formulas, sources and assumptions: docs/hygiene.md, "Heat dose".
 * Temperatures are raw machine values (tenths of °C).
 */
import { toFahrenheit } from './units';

/** The final-rinse trace of a cycle record: one sample a second, at most this many (ten minutes). */
export const RINSE_TRACE_MAX_SAMPLES = 600;

/** NSF/ANSI 3: a hot-water sanitising rinse passes with at least this many heat unit equivalents. */
export const HUE_MIN = 3600;
/**
 * Heat unit equivalents a second at T °F: `HUE_COEFFICIENT × e^(HUE_EXPONENT × T)`, NSF's curve after
 * Fuchs (1951), fitted to milk pasteurisation — 1 HUE a second at 143 °F, about 120 at 161 °F (1,800 s
 * and 15 s, each 1,800 HUE). Source and worked examples: docs/hygiene.md, "Heat dose".
 */
export const HUE_COEFFICIENT = 3.03438e-17;
/** Per °F. */
export const HUE_EXPONENT = 0.265972;
/** No extra credit above 165 °F (73.9 °C): a second there or hotter is worth about 347 HUE. */
export const HUE_CAP_F = 165;

/** EN ISO 15883-1 A0: reference 80 °C, z = 10 K, only samples above 65 °C count. */
export const A0_REFERENCE_TMP = 800;
export const A0_Z = 100;
export const A0_THRESHOLD_TMP = 650;

/** What the server stores with a cycle record whose final-rinse trace it received. */
export type THeatDose = {
  /** NSF/ANSI 3 heat unit equivalents of the final rinse, rounded to a whole unit. */
  readonly hue: number;
  /** EN ISO 15883 A0 value (seconds at 80 °C equivalent), rounded to 0.1. */
  readonly a0: number;
  /** Seconds of trace (samples). */
  readonly seconds: number;
};

/** The heat unit equivalents of one second at a raw temperature (tenths of °C), capped at 165 °F. */
export function hueOfSecond(tmp: number): number {
  return HUE_COEFFICIENT * Math.exp(HUE_EXPONENT * Math.min(toFahrenheit(tmp), HUE_CAP_F));
}

/**
 * HUE and A0 of a final-rinse trace sampled once a second (tenths of °C). Each sample stands for
 * one second at its temperature (a rectangle rule: at one sample a second the difference to the
 * trapezoid is far below the rounding).
 */
export function heatDose(trace: readonly number[]): THeatDose {
  let hue = 0;
  let a0 = 0;
  for (const tmp of trace) {
    hue += hueOfSecond(tmp);
    if (tmp > A0_THRESHOLD_TMP) a0 += 10 ** ((tmp - A0_REFERENCE_TMP) / A0_Z);
  }
  return { hue: Math.round(hue), a0: Math.round(a0 * 10) / 10, seconds: trace.length };
}

/**
 * The machine types of the FDA Food Code 4-501.110 (wash) and 4-501.112 (hot-water rinse):
 * stationary-rack single-temperature, stationary-rack dual-temperature, conveyor, and machines that
 * sanitise chemically (4-501.110(B), 4-501.114).
 */
export const FOOD_CODE_CLASSES = ['stationarySingle', 'stationaryDual', 'conveyor', 'chemical'] as const;
export type TFoodCodeClass = (typeof FOOD_CODE_CLASSES)[number];

export type TFoodCodeLimits = {
  /** 4-501.110: the wash solution at least, tenths of °C. */
  readonly washMin: number;
  /** 4-501.112(A) (hot water) or the sanitiser's minimum (chemical): the final rinse at least. */
  readonly rinseMin: number;
  /** 4-501.112(A): a hot-water rinse at most 90 °C (194 °F) at the manifold; none for chemical machines. */
  readonly rinseMax: number | null;
  /** Whether the machine sanitises by heat (then the HUE rule applies). */
  readonly byHeat: boolean;
};

export const FOOD_CODE_LIMITS: Readonly<Record<TFoodCodeClass, TFoodCodeLimits>> = {
  stationarySingle: { washMin: 740, rinseMin: 740, rinseMax: 900, byHeat: true },
  stationaryDual: { washMin: 660, rinseMin: 820, rinseMax: 900, byHeat: true },
  conveyor: { washMin: 660, rinseMin: 820, rinseMax: 900, byHeat: true },
  // 4-501.110(B) wash 49 °C (120 °F); 4-501.114 chlorine at 50 mg/L and pH ≤ 8: at least 24 °C (75 °F).
  chemical: { washMin: 490, rinseMin: 240, rinseMax: null, byHeat: false },
};

/**
 * The Food Code class of a machine type (`appliances.type`, set per model by the catalogue). Our
 * undercounter and hood machines wash at 55–70 °C and rinse from a boiler at 82–88 °C: stationary
 * dual-temperature. Rack conveyors are conveyors. No type of the catalogue is single-temperature or
 * chemical today; an unknown type is held to the stationary dual-temperature rule.
 */
const CLASS_OF_TYPE: Readonly<Record<string, TFoodCodeClass>> = {
  undercounter: 'stationaryDual',
  hood: 'stationaryDual',
  rack: 'conveyor',
};

export function foodCodeClassFor(machineType: string): TFoodCodeClass {
  return CLASS_OF_TYPE[machineType] ?? 'stationaryDual';
}

/** The rules a cycle is checked against, in the order they are shown. */
export const SANITISING_RULES = ['hue', 'washMin', 'rinseMin', 'rinseMax'] as const;
export type TSanitisingRule = (typeof SANITISING_RULES)[number];

export type TSanitisingCheck = {
  readonly rule: TSanitisingRule;
  /** The figure judged: HUE, or a temperature in tenths of °C. */
  readonly value: number;
  /** The rule's limit, same unit. */
  readonly limit: number;
  readonly met: boolean;
};

export type TSanitisingInput = {
  /** Peak wash temperature, tenths of °C. */
  readonly washTmp: number | null;
  /** Peak final-rinse temperature, tenths of °C. */
  readonly rinseTmp: number | null;
  readonly heatDose: THeatDose | null;
};

/**
 * Every rule of the machine's class a cycle can be judged against with what it reported: the HUE
 * minimum (heat-sanitising machines with a trace), the wash minimum, the final-rinse minimum and
 * maximum (peaks, as the hygiene verdict). A figure not reported leaves its rule out.
 */
export function sanitisingChecks(input: TSanitisingInput, cls: TFoodCodeClass): TSanitisingCheck[] {
  const limits = FOOD_CODE_LIMITS[cls];
  const checks: TSanitisingCheck[] = [];
  if (limits.byHeat && input.heatDose) {
    checks.push({ rule: 'hue', value: input.heatDose.hue, limit: HUE_MIN, met: input.heatDose.hue >= HUE_MIN });
  }
  if (input.washTmp !== null) {
    checks.push({ rule: 'washMin', value: input.washTmp, limit: limits.washMin, met: input.washTmp >= limits.washMin });
  }
  if (input.rinseTmp !== null) {
    checks.push({ rule: 'rinseMin', value: input.rinseTmp, limit: limits.rinseMin, met: input.rinseTmp >= limits.rinseMin });
    if (limits.rinseMax !== null) {
      checks.push({ rule: 'rinseMax', value: input.rinseTmp, limit: limits.rinseMax, met: input.rinseTmp <= limits.rinseMax });
    }
  }
  return checks;
}

/** The catalogue keys the texts below use (all under `heatDose.`). */
export type THeatDoseTextKey =
  | 'heatDose.noTrace'
  | 'heatDose.hue'
  | 'heatDose.a0'
  | 'heatDose.allMet'
  | 'heatDose.allMetShort'
  | `heatDose.short.${TSanitisingRule}`
  | 'heatDose.missed'
  | 'heatDose.classRule'
  | `heatDose.rules.${TSanitisingRule}`
  | `heatDose.classes.${TFoodCodeClass}`;

/** How a screen or report writes numbers and temperatures, and its catalogue. */
export type THeatDoseWriter = {
  readonly t: (key: THeatDoseTextKey, params: Record<string, string | number>) => string;
  /** A raw temperature (tenths of °C) in the reader's unit system. */
  readonly temperature: (raw: number) => string;
  /** A number in the reader's language (up to one decimal). */
  readonly number: (n: number) => string;
};

/** A rule with its limit, e.g. "final rinse at least 82.0 °C (4-501.112)". */
export function sanitisingRuleText(check: Pick<TSanitisingCheck, 'rule' | 'limit'>, w: THeatDoseWriter): string {
  const limit = check.rule === 'hue' ? w.number(check.limit) : w.temperature(check.limit);
  return w.t(`heatDose.rules.${check.rule}`, { limit });
}

/** "HUE 3477 · A0 15.8", or "No rinse trace". */
export function heatDoseText(dose: THeatDose | null, w: THeatDoseWriter): string {
  if (!dose) return w.t('heatDose.noTrace', {});
  return `${w.t('heatDose.hue', { value: w.number(dose.hue) })} · ${w.t('heatDose.a0', { value: w.number(dose.a0) })}`;
}

/**
 * The Food Code verdict of a cycle's checks: which rules it missed (with their limits, or `short`
 * by name only, for a report whose head states the limits), or that it met them all; null without checks.
 */
export function sanitisingSummary(
  checks: readonly TSanitisingCheck[],
  w: THeatDoseWriter,
  short = false,
): { met: boolean; text: string } | null {
  if (checks.length === 0) return null;
  const missed = checks.filter((c) => !c.met);
  if (missed.length === 0)
    return { met: true, text: w.t(short ? 'heatDose.allMetShort' : 'heatDose.allMet', { count: checks.length }) };
  const rules = short
    ? missed.map((c) => w.t(`heatDose.short.${c.rule}`, {})).join(', ')
    : missed.map((c) => sanitisingRuleText(c, w)).join('; ');
  return { met: false, text: w.t('heatDose.missed', { rules }) };
}

/** The rules of a machine class, in words, for the head of a report or screen. */
export function foodCodeClassText(cls: TFoodCodeClass, w: THeatDoseWriter): string {
  const limits = FOOD_CODE_LIMITS[cls];
  const rules: Pick<TSanitisingCheck, 'rule' | 'limit'>[] = [
    ...(limits.byHeat ? [{ rule: 'hue' as const, limit: HUE_MIN }] : []),
    { rule: 'washMin', limit: limits.washMin },
    { rule: 'rinseMin', limit: limits.rinseMin },
    ...(limits.rinseMax !== null ? [{ rule: 'rinseMax' as const, limit: limits.rinseMax }] : []),
  ];
  return w.t('heatDose.classRule', {
    machineClass: w.t(`heatDose.classes.${cls}`, {}),
    rules: rules.map((r) => sanitisingRuleText(r, w)).join('; '),
  });
}
