import { numberFormat } from '../i18n/format';

/**
 * Threshold notifications (docs/notifications.md, "Threshold notifications"): the conditions a
 * machine is watched for, the settings the service may change per machine, and their defaults.
 */

/**
 * What a threshold notification tells (one state per machine and condition, told once until it
 * clears): a washing cycle failed the hygiene rule; detergent, rinse aid, or one of the two (the
 * Hiline range cannot say which) running low; few cycles left until maintenance; offline during
 * opening hours; water or energy per cycle far above the machine's own average.
 */
export const THRESHOLD_CONDITIONS = [
  'hygieneFailed',
  'detergentLow',
  'rinseAidLow',
  'chemicalLow',
  'maintenanceDue',
  'offline',
  'waterHigh',
  'energyHigh',
] as const;
export type TThresholdCondition = (typeof THRESHOLD_CONDITIONS)[number];

/** Opening hours: the ISO weekdays (1 Monday … 7 Sunday) and one daily window, on the machine's wall clock. */
export type TOpeningHours = { days: number[]; opensAt: string; closesAt: string };

/** A machine's threshold settings (one row per machine; a machine without one has the defaults). */
export type TThresholdSettings = {
  hygieneEnabled: boolean;
  chemicalsEnabled: boolean;
  maintenanceEnabled: boolean;
  /** tell when the machine reports this many cycles or fewer until its maintenance */
  maintenanceCycles: number;
  offlineEnabled: boolean;
  /** tell when offline this many minutes of its opening hours */
  offlineMinutes: number;
  openingHours: TOpeningHours;
  usageEnabled: boolean;
  /** tell when today's water or energy per cycle is above this many times the trailing mean */
  usageFactor: number;
};

export const THRESHOLD_DEFAULTS: Readonly<TThresholdSettings> = {
  hygieneEnabled: true,
  chemicalsEnabled: true,
  maintenanceEnabled: true,
  maintenanceCycles: 20,
  offlineEnabled: true,
  offlineMinutes: 30,
  openingHours: { days: [1, 2, 3, 4, 5, 6, 7], opensAt: '06:00', closesAt: '23:00' },
  usageEnabled: true,
  usageFactor: 1.5,
};

/** Bounds of the settings (the form and the API's schema). */
export const THRESHOLD_LIMITS = {
  maintenanceCycles: { min: 1, max: 1000 },
  offlineMinutes: { min: 5, max: 1440 },
  usageFactor: { min: 1.1, max: 5 },
} as const;

/** Days of history the water and energy averages are taken over (`appliance_stats_daily`). */
export const USAGE_TRAILING_DAYS = 14;
/** Cycles a day needs before its per-cycle figures are compared, and the trailing days in all. */
export const USAGE_MIN_CYCLES_TODAY = 5;
export const USAGE_MIN_CYCLES_TRAILING = 20;

/** A usage condition clears once the ratio is back at or below this (hysteresis: half-way to 1). */
export function usageClearFactor(factor: number): number {
  return 1 + (factor - 1) / 2;
}

/** Minutes past midnight of an `HH:MM` time (`24:00` is the end of the day). */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * A threshold notice as text: the catalogue key of its condition (`thresholds.conditions.…`) and
 * its figures formatted for `lang` — the mails and the notification centre say it alike.
 */
export function thresholdText(
  condition: TThresholdCondition,
  values: Readonly<Record<string, number>>,
  lang: string,
): { key: `thresholds.conditions.${TThresholdCondition}`; params: Record<string, string> } {
  const format = numberFormat(lang, { maximumFractionDigits: 2 });
  const params = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, format.format(value)]));
  return { key: `thresholds.conditions.${condition}` as const, params };
}
