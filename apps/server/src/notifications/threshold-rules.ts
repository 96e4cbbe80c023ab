import {
  countryTimeZone,
  hygieneRuleFor,
  isTimeZone,
  hygieneVerdict,
  minutesOfDay,
  usageClearFactor,
  USAGE_MIN_CYCLES_TODAY,
  USAGE_MIN_CYCLES_TRAILING,
  type TOpeningHours,
  type THygieneInput,
  type TThresholdCondition,
  type TThresholdSettings,
} from '@washboard/contracts';
import { wallClock, zonedInstant } from './weekly-report-time';

/**
 * The rules of the threshold conditions (docs/notifications.md, "Threshold notifications"), pure:
 * what the facts of a machine say about each condition. A verdict is `{ active, values }` for a
 * condition that could be judged; a condition left out could not (no data): its state stays.
 */
export type TVerdicts = Map<TThresholdCondition, { active: boolean; values: Record<string, number> }>;

const DAY_MS = 86_400_000;
/** How far back offline time is counted: a day of opening hours is the longest limit, a week holds one. */
const OFFLINE_LOOK_BACK_MS = 8 * DAY_MS;

/**
 * Minutes of the opening hours between `from` and `to`, on the wall clock of `zone`: each opening
 * day's window from `opensAt` to `closesAt`, summer time included.
 */
export function openMinutesBetween(from: Date, to: Date, hours: TOpeningHours, zone: string): number {
  const start = Math.max(from.getTime(), to.getTime() - OFFLINE_LOOK_BACK_MS);
  const end = to.getTime();
  if (end <= start) return 0;
  const first = wallClock(new Date(start), zone);
  const last = wallClock(to, zone);
  const opens = minutesOfDay(hours.opensAt);
  const closes = minutesOfDay(hours.closesAt);
  let total = 0;
  for (let day = Date.UTC(first.y, first.m - 1, first.d); day <= Date.UTC(last.y, last.m - 1, last.d); day += DAY_MS) {
    const date = new Date(day);
    const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
    if (!hours.days.includes(weekday)) continue;
    const at = (minutes: number) =>
      zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), Math.floor(minutes / 60), zone).getTime() +
      (minutes % 60) * 60_000;
    total += Math.max(0, Math.min(at(closes), end) - Math.max(at(opens), start));
  }
  return Math.floor(total / 60_000);
}

/** What the ingest-side conditions read of one machine. */
export type TIngestFacts = {
  machineType: string;
  /** its newest cycle records, newest first */
  cycles: THygieneInput[];
  /** codes of its open alarms among the chemical-level ones */
  chemicalAlarms: string[];
  /** the counters' `cyclesUntilMaintenance`, when the machine reported it */
  cyclesUntilMaintenance: number | null;
};

/** The chemical-level alarms (packages/contracts `alarms.ts`): W03 detergent, W04 rinse aid, F5 either (Hiline). */
export const CHEMICAL_ALARMS: Readonly<Record<string, TThresholdCondition>> = {
  W03: 'detergentLow',
  W04: 'rinseAidLow',
  F5: 'chemicalLow',
};

/** The conditions judged where the data arrives: hygiene, chemicals, maintenance. */
export function ingestVerdicts(facts: TIngestFacts, settings: TThresholdSettings): TVerdicts {
  const verdicts: TVerdicts = new Map();
  const off = { active: false, values: {} };
  // Hygiene: the newest washing cycle that could be judged (a failing one fires, a passing one clears).
  if (!settings.hygieneEnabled) verdicts.set('hygieneFailed', off);
  else {
    const rule = hygieneRuleFor(facts.machineType);
    for (const cycle of facts.cycles) {
      const result = hygieneVerdict(cycle, rule);
      if (result.verdict !== 'pass' && result.verdict !== 'fail') continue;
      const values: Record<string, number> = {};
      if (result.washTmp !== null) values.washTmp = result.washTmp;
      if (result.rinseTmp !== null) values.rinseTmp = result.rinseTmp;
      verdicts.set('hygieneFailed', { active: result.verdict === 'fail', values });
      break;
    }
  }
  // Chemicals: while the machine's level alarm is open.
  for (const [code, condition] of Object.entries(CHEMICAL_ALARMS)) {
    verdicts.set(condition, { active: settings.chemicalsEnabled && facts.chemicalAlarms.includes(code), values: {} });
  }
  // Maintenance: at or below the threshold; cleared once the counter is above it (maintenance done).
  if (!settings.maintenanceEnabled) verdicts.set('maintenanceDue', off);
  else if (facts.cyclesUntilMaintenance !== null) {
    verdicts.set('maintenanceDue', {
      active: facts.cyclesUntilMaintenance <= settings.maintenanceCycles,
      values: { cycles: facts.cyclesUntilMaintenance, threshold: settings.maintenanceCycles },
    });
  }
  return verdicts;
}

/**
 * The machine's wall clock, which its opening hours are on: the time zone it was installed with
 * (its last `info`, what its display shows) while this runtime knows it, else the zone of the
 * country it was installed in, else of its product record's country.
 */
export function machineTimeZone(
  installed: { timeZone: string; country: string } | null | undefined,
  recordCountry: string | null,
): string {
  if (installed && isTimeZone(installed.timeZone)) return installed.timeZone;
  return countryTimeZone(installed?.country ?? recordCountry);
}

/** Offline: `offlineSince` null while online; judged on the opening minutes it has been offline. */
export function offlineVerdict(
  offlineSince: Date | null,
  now: Date,
  settings: TThresholdSettings,
  zone: string,
): { active: boolean; values: Record<string, number> } {
  if (!settings.offlineEnabled || offlineSince === null) return { active: false, values: {} };
  const minutes = openMinutesBetween(offlineSince, now, settings.openingHours, zone);
  return { active: minutes >= settings.offlineMinutes, values: { minutes, threshold: settings.offlineMinutes } };
}

/** Today's use of a machine and the trailing days' (`appliance_stats_daily`). */
export type TUsageFacts = {
  cyclesToday: number;
  waterToday: number;
  energyToday: number;
  cyclesBefore: number;
  waterBefore: number;
  energyBefore: number;
};

/**
 * Water and energy per cycle today against the trailing days' mean (cycle-weighted): fires above
 * `usageFactor` ×, clears at or below half-way back to 1 (1.25 × by default). Not judged before
 * today has USAGE_MIN_CYCLES_TODAY cycles and the trailing days USAGE_MIN_CYCLES_TRAILING.
 */
export function usageVerdicts(
  facts: TUsageFacts,
  settings: TThresholdSettings,
  held: ReadonlySet<TThresholdCondition>,
): TVerdicts {
  const verdicts: TVerdicts = new Map();
  const figures = [
    ['waterHigh', facts.waterToday, facts.waterBefore, 10] as const, // litres × 10
    ['energyHigh', facts.energyToday, facts.energyBefore, 1000] as const, // Wh
  ];
  for (const [condition, today, before, unit] of figures) {
    if (!settings.usageEnabled) {
      verdicts.set(condition, { active: false, values: {} });
      continue;
    }
    if (facts.cyclesToday < USAGE_MIN_CYCLES_TODAY || facts.cyclesBefore < USAGE_MIN_CYCLES_TRAILING || before <= 0) continue;
    const perCycle = today / facts.cyclesToday / unit;
    const mean = before / facts.cyclesBefore / unit;
    const ratio = perCycle / mean;
    const limit = held.has(condition) ? usageClearFactor(settings.usageFactor) : settings.usageFactor;
    const round = (n: number) => Math.round(n * 100) / 100;
    verdicts.set(condition, {
      active: ratio > limit,
      values: { perCycle: round(perCycle), mean: round(mean), ratio: round(ratio) },
    });
  }
  return verdicts;
}
