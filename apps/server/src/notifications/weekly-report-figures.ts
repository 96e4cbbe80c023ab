import {
  displayUnits,
  hygieneRuleFor,
  hygieneVerdict,
  machineUnitSystem,
  parameterByKey,
  type THygieneFailure,
  type TUnitSystemOption,
} from '@washboard/contracts';
import type { TMachineWeekRow } from './weekly-report.repository';

/** A washing cycle of the week that failed the hygiene rule. */
export type TFailingCycle = {
  start: Date;
  cycleName: string | null;
  cycleNumber: number | null;
  failures: readonly THygieneFailure[];
  washTmp: number | null;
  rinseTmp: number | null;
};

/** A counter's use in the week and in the week before (null: not measured — no report before the boundary). */
export type TUse = { week: number | null; previous: number | null };

/** Litres of detergent and of rinse aid (the products as bought), estimated from the machine's dosing settings. */
export type TChemicals = { detergent: number; rinseAid: number };

/** One machine's week as the report tells it (docs/notifications.md, "Weekly report": the definitions). */
export type TMachineWeek = {
  serialNumber: string;
  name: string;
  /** every cycle that started in the week (washing and maintenance) */
  cycles: number;
  /** washing cycles judged by the hygiene rule (pass or fail; "no measurements" left out) */
  judged: number;
  passed: number;
  failing: TFailingCycle[];
  rule: ReturnType<typeof hygieneRuleFor>;
  alarmsOpened: number;
  /** the codes opened, each once, in the order first opened */
  alarmCodes: string[];
  alarmsOpen: number;
  /**
   * the units of the machine's own unit system (S47) and range: its temperatures and water are told
   * in them (°F and US gallons when imperial; on Hiline, water stays in litres)
   */
  units: TUnitSystemOption;
  /** litres (told in `units.volume`) */
  water: TUse;
  /** kWh */
  energy: TUse;
  /** null: not estimated (a cycle without a measured or set rinse volume, or no product density) */
  chemicals: { week: TChemicals | null; previous: TChemicals | null };
  offlineHours: number;
  /** nothing to report: told in one line */
  quiet: boolean;
};

/** What a lifetime counter grew by between two reports; a counter that fell was restarted and counts from zero. */
function grown(before: number | undefined, after: number | undefined): number | null {
  if (before === undefined || after === undefined) return null;
  return after >= before ? after - before : after;
}

/** One cycle of the week, with what the hygiene rule judges of it. */
export type TCycleRow = {
  cycleName: string | null;
  cycleNumber: number | null;
  start: Date;
  completed: boolean | null;
  /** the measured peaks (tenths of °C; null: not measured) */
  washMaxTmp: number | null;
  rinseMaxTmp: number | null;
  /** the fresh water its final rinse used, litres × 10 (null: not measured) */
  rinseWater: number | null;
};

type TCycleTuple = [number, string | null, number | null, boolean | null, number | null, number | null, number | null];

/** A machine's cycles from the text the repository read (`TCyclesText`: a JSON array), oldest first. */
export function cyclesOf(text: string): TCycleRow[] {
  return (JSON.parse(text) as TCycleTuple[]).map(
    ([start, cycleName, cycleNumber, completed, washMaxTmp, rinseMaxTmp, rinseWater]) => ({
      start: new Date(start),
      cycleName,
      cycleNumber,
      completed,
      washMaxTmp,
      rinseMaxTmp,
      rinseWater,
    }),
  );
}

/** Cycles per cycle type: how many, how many measured their rinse water, and its sum (litres × 10). */
type TRinses = Record<string, [number, number, number]>;

/**
 * The products a machine's cycles used (docs/notifications.md, "Chemicals"): each washing cycle
 * tops its tank up with detergent for the fresh water of its final rinse and doses rinse aid into
 * that water, so a cycle type's use is its rinse water (measured, else its setting) times its
 * dosage settings, made litres of product by the densities d1 and d2. Settings the machine did
 * not report are the catalogue's defaults for its range; null when a cycle's rinse water is neither
 * measured nor set, or the range has no product density (Hiline).
 */
export function chemicalsUsed(rinses: TRinses | null, dosing: Record<string, number> | null, gamma: string): TChemicals | null {
  /** A setting in its shown unit (g/l, mg/l, l): the machine's, else the catalogue's default for its range. */
  const setting = (key: string): number | undefined => {
    const param = parameterByKey(key);
    if (!param || !(param.gammas as readonly string[]).includes(gamma)) return undefined;
    return (dosing?.[key] ?? param.default) / param.scale;
  };
  let detergent = 0;
  let rinseAid = 0;
  for (const [type, [cycles, measured, tenths]] of Object.entries(rinses ?? {})) {
    const [detergentDose, rinseAidDose] = [setting(`${type}.detergentDosage`), setting(`${type}.rinseAidDosage`)];
    if (!detergentDose && !rinseAidDose) continue;
    const setVolume = setting(`${type}.rinseVolume`);
    if (cycles > measured && setVolume === undefined) return null;
    const litres = tenths / 10 + (cycles - measured) * (setVolume ?? 0);
    detergent += litres * (detergentDose ?? 0);
    rinseAid += (litres * (rinseAidDose ?? 0)) / 1000;
  }
  const [detergentDensity, rinseAidDensity] = [setting('d1'), setting('d2')];
  if (!detergentDensity || !rinseAidDensity) return null;
  return { detergent: detergent / detergentDensity, rinseAid: rinseAid / rinseAidDensity };
}

/** A week's cycles counted per cycle type for `chemicalsUsed`. */
function rinsesOf(cycles: readonly TCycleRow[]): TRinses {
  const rinses: TRinses = {};
  for (const { cycleName, rinseWater, completed } of cycles) {
    // A cycle stopped before its end may not have reached its rinse: counted only if it measured one.
    if (cycleName === null || (completed === false && rinseWater === null)) continue;
    const entry = (rinses[cycleName] ??= [0, 0, 0]);
    entry[0] += 1;
    if (rinseWater !== null) {
      entry[1] += 1;
      entry[2] += rinseWater;
    }
  }
  return rinses;
}

/** The machines' weeks from the repository's rows and each machine's cycles (by serial number), judged by each machine's hygiene rule. */
export function machineWeeks(
  rows: readonly TMachineWeekRow[],
  bySerial: ReadonlyMap<string, readonly TCycleRow[]>,
): TMachineWeek[] {
  return rows.map((row) => {
    const rule = hygieneRuleFor(row.type);
    const own = bySerial.get(row.serialNumber) ?? [];
    let judged = 0;
    let passed = 0;
    const failing: TFailingCycle[] = [];
    for (const cycle of own) {
      // The row stands for its measurements (it carries the two peaks the rule reads), not a copy
      // of it: this runs for every cycle of every report.
      const result = hygieneVerdict(
        { kind: 'cycle', cycleName: cycle.cycleName, completed: cycle.completed, measurements: cycle },
        rule,
      );
      if (result.verdict === 'pass' || result.verdict === 'fail') judged += 1;
      if (result.verdict === 'pass') passed += 1;
      if (result.verdict === 'fail') {
        failing.push({
          start: cycle.start,
          cycleName: cycle.cycleName,
          cycleNumber: cycle.cycleNumber,
          failures: result.failures,
          washTmp: result.washTmp,
          rinseTmp: result.rinseTmp,
        });
      }
    }
    const [p, w, e] = [row.countersBeforePrevious, row.countersBeforeWeek, row.countersAtEnd];
    const litres = (v: number | null) => (v === null ? null : v / 10);
    const kwh = (v: number | null) => (v === null ? null : v / 1000);
    const water = { week: litres(grown(w?.totalWater, e?.totalWater)), previous: litres(grown(p?.totalWater, w?.totalWater)) };
    const energy = { week: kwh(grown(w?.energy, e?.energy)), previous: kwh(grown(p?.energy, w?.energy)) };
    const chemicals = {
      week: chemicalsUsed(rinsesOf(own), row.dosing, row.gamma),
      previous: chemicalsUsed(row.previousRinses, row.dosing, row.gamma),
    };
    const offlineHours = Math.round((row.offlineSeconds / 3600) * 10) / 10;
    const quiet =
      own.length === 0 && row.alarmsOpened === 0 && row.alarmsOpen === 0 && offlineHours === 0 && !water.week && !energy.week;
    return {
      serialNumber: row.serialNumber,
      name: row.name,
      cycles: own.length,
      judged,
      passed,
      failing,
      rule,
      alarmsOpened: row.alarmsOpened,
      alarmCodes: [...new Set(row.alarmCodes)],
      alarmsOpen: row.alarmsOpen,
      units: displayUnits(machineUnitSystem(row.unitParameters), row.gamma),
      water,
      energy,
      chemicals,
      offlineHours,
      quiet,
    };
  });
}
