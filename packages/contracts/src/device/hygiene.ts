import { WASH_CYCLES, type TCycleType } from './cycles';

/**
 * The hygiene rule of HACCP cycle records: the minimum wash-tank and final-rinse temperatures a
 * washing cycle must reach, per machine type (the appliance's `type`). Rules, sources and the
 * choices behind them are in docs/hygiene.md. Temperatures are raw machine values (tenths of °C).
 */

/** The machine types a product is created with (`appliances.type`). */
export const MACHINE_TYPES = ['undercounter', 'hood', 'rack'] as const;
export type TMachineType = (typeof MACHINE_TYPES)[number];

export type THygieneRule = {
  /** Which rule of docs/hygiene.md this is. */
  readonly id: 'programMachine' | 'conveyor';
  /** Minimum wash (tank) temperature, tenths of °C. */
  readonly washMin: number;
  /** Minimum final-rinse temperature, tenths of °C. */
  readonly rinseMin: number;
};

/** Single-tank programme machines with a stationary rack (undercounter, hood): DIN 10512's 60 °C wash, the Food Code's 180 °F (82 °C) rinse. */
const PROGRAM_MACHINE: THygieneRule = { id: 'programMachine', washMin: 600, rinseMin: 820 };
/** Rack conveyor machines: the Food Code's multi-tank conveyor wash 150 °F (65.6 °C) and 180 °F (82 °C) rinse. */
const CONVEYOR: THygieneRule = { id: 'conveyor', washMin: 656, rinseMin: 820 };

export const HYGIENE_RULES: Readonly<Record<TMachineType, THygieneRule>> = {
  undercounter: PROGRAM_MACHINE,
  hood: PROGRAM_MACHINE,
  rack: CONVEYOR,
};

/** The rule of a machine type; an unknown type is held to the programme-machine rule. */
export function hygieneRuleFor(machineType: string): THygieneRule {
  return (HYGIENE_RULES as Record<string, THygieneRule | undefined>)[machineType] ?? PROGRAM_MACHINE;
}

/**
 * - pass: a washing cycle that completed and reached both minimums;
 * - fail: a washing cycle below a minimum, or stopped before its end;
 * - notApplicable: a parameter change or a maintenance cycle (self-wash, drain, regeneration, extra);
 * - noData: a washing cycle recorded without measurements (nothing to judge; not a pass).
 */
export const HYGIENE_VERDICTS = ['pass', 'fail', 'notApplicable', 'noData'] as const;
export type THygieneVerdict = (typeof HYGIENE_VERDICTS)[number];

/** Why a cycle failed; a cycle may fail for several reasons. */
export const HYGIENE_FAILURES = ['wash', 'rinse', 'notCompleted'] as const;
export type THygieneFailure = (typeof HYGIENE_FAILURES)[number];

/** What the verdict needs of a HACCP record (the stored row and the API view both fit). */
export type THygieneInput = {
  readonly kind: 'cycle' | 'parameter';
  readonly cycleName: string | null;
  readonly completed: boolean | null;
  readonly measurements: { readonly washMaxTmp?: number | null; readonly rinseMaxTmp?: number | null } | null;
};

export type THygieneResult = {
  readonly verdict: THygieneVerdict;
  /** The wash temperature judged (the highest the tank probe read during the wash), tenths of °C. */
  readonly washTmp: number | null;
  /** The final-rinse temperature judged (the highest at the rinse outlet), tenths of °C. */
  readonly rinseTmp: number | null;
  readonly failures: readonly THygieneFailure[];
};

const NO_FAILURES: readonly THygieneFailure[] = [];

function isWashCycle(name: string | null): boolean {
  return (WASH_CYCLES as readonly (TCycleType | string | null)[]).includes(name);
}

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The hygiene verdict of one HACCP record against the rule of the machine's type. The peak wash and
 * final-rinse temperatures of the record are compared with the rule's minimums (docs/hygiene.md
 * explains why the peak, not the minimum, is judged); equal to the minimum passes.
 */
export function hygieneVerdict(record: THygieneInput, rule: THygieneRule): THygieneResult {
  const washTmp = finite(record.measurements?.washMaxTmp);
  const rinseTmp = finite(record.measurements?.rinseMaxTmp);
  if (record.kind !== 'cycle' || !isWashCycle(record.cycleName)) {
    return { verdict: 'notApplicable', washTmp, rinseTmp, failures: NO_FAILURES };
  }
  if (washTmp === null || rinseTmp === null) {
    // A cycle stopped early fails whatever was measured; otherwise there is nothing to judge.
    return record.completed === false
      ? { verdict: 'fail', washTmp, rinseTmp, failures: ['notCompleted'] }
      : { verdict: 'noData', washTmp, rinseTmp, failures: NO_FAILURES };
  }
  const failures: THygieneFailure[] = [];
  if (washTmp < rule.washMin) failures.push('wash');
  if (rinseTmp < rule.rinseMin) failures.push('rinse');
  if (record.completed === false) failures.push('notCompleted');
  return { verdict: failures.length > 0 ? 'fail' : 'pass', washTmp, rinseTmp, failures };
}
