import { intlLocale, type TDeviceStats, type TLanguage, UNIT_SYMBOLS, VOLUME_SCALE } from '@washboard/contracts';

/** The statistics of device-areas §3, in the order shown, with how each counter becomes a figure. */
export const STATISTICS = [
  { key: 'totalCycles', label: 'totalCycles', unit: null, scale: 1, digits: 0 },
  { key: 'totalWater', label: 'totalWater', unit: UNIT_SYMBOLS.litre, scale: VOLUME_SCALE, digits: 0 },
  { key: 'energy', label: 'electricalConsumption', unit: UNIT_SYMBOLS.kilowattHour, scale: 1000, digits: 1 },
  { key: 'washPumpTime', label: 'washPumpTime', unit: UNIT_SYMBOLS.hour, scale: 3600, digits: 1 },
  { key: 'rinsePumpTime', label: 'rinsePumpTime', unit: UNIT_SYMBOLS.hour, scale: 3600, digits: 1 },
  { key: 'boilerHeaterTime', label: 'boilerHeaterTime', unit: UNIT_SYMBOLS.hour, scale: 3600, digits: 1 },
  { key: 'tankHeaterTime', label: 'tankHeaterTime', unit: UNIT_SYMBOLS.hour, scale: 3600, digits: 1 },
  { key: 'regenerationCycles', label: 'regenerationCycles', unit: null, scale: 1, digits: 0 },
  { key: 'logsCount', label: 'logsCount', unit: null, scale: 1, digits: 0 },
  { key: 'cyclesUntilMaintenance', label: 'cyclesUntilMaintenance', unit: null, scale: 1, digits: 0 },
] as const satisfies readonly {
  key: Exclude<keyof TDeviceStats, 'ts'>;
  label: string;
  unit: string | null;
  scale: number;
  digits: number;
}[];
export type TStatistic = (typeof STATISTICS)[number];

/** A counter as a number in its display unit (litres, kWh, hours). */
export function statisticValue(stat: TStatistic, stats: TDeviceStats): number {
  return stats[stat.key] / stat.scale;
}

/** A counter as text: "1.234 l", "56,7 kWh", "12,5 h", "4.985". */
export function formatStatistic(stat: TStatistic, value: number, lang: TLanguage): string {
  const number = new Intl.NumberFormat(intlLocale(lang), {
    minimumFractionDigits: stat.digits,
    maximumFractionDigits: stat.digits,
  }).format(value);
  return stat.unit ? `${number} ${stat.unit}` : number;
}
