import type { TGamma } from '../appliance/gamma';
import { intlLocale, numberFormat } from '../i18n/format';
import type { TLanguage } from '../i18n/languages';

/**
 * Units of device-areas §9 and the rules that turn the machine's raw values into shown values.
 * The machine sends temperatures in tenths of °C and volumes in litres × 10 (DESIGN §4); the
 * interface shows them in the unit system of the machine (metric: °C and litres; imperial: °F and
 * US gallons). See docs/catalogues.md.
 */

/** Every unit the product shows: °C/°F and l/gal of the unit systems, then the list of §9. */
export const UNITS = [
  'celsius',
  'fahrenheit',
  'litre',
  'usGallon',
  'millilitre',
  'gramPerLitre',
  'milligramPerLitre',
  'litrePerHour',
  'kilowatt',
  'kilowattHour',
  'hertz',
  'voltAc',
  'second',
  'minute',
  'hour',
] as const;
export type TUnit = (typeof UNITS)[number];

/** The symbol written after a value; the same in every language (the full names are in the `device` texts). */
export const UNIT_SYMBOLS: Readonly<Record<TUnit, string>> = {
  celsius: '°C',
  fahrenheit: '°F',
  litre: 'l',
  usGallon: 'gal',
  millilitre: 'ml',
  gramPerLitre: 'g/l',
  milligramPerLitre: 'mg/l',
  litrePerHour: 'l/h',
  kilowatt: 'kW',
  kilowattHour: 'kWh',
  hertz: 'Hz',
  voltAc: 'Vac',
  second: 's',
  minute: 'min',
  hour: 'h',
};

/** Raw temperatures are tenths of °C (scale 10) unless a device says otherwise. */
export const TEMPERATURE_SCALE = 10;
/** Raw volumes are litres × 10. */
export const VOLUME_SCALE = 10;
/** Litres in one US liquid gallon (exact by definition: 231 cubic inches). */
export const LITRES_PER_US_GALLON = 3.785411784;

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type TUnitSystem = (typeof UNIT_SYSTEMS)[number];

export type TTemperatureUnit = Extract<TUnit, 'celsius' | 'fahrenheit'>;
export type TVolumeUnit = Extract<TUnit, 'litre' | 'usGallon'>;

/**
 * One choice offered for a machine's unit system. `label` names the text of the main catalogue's
 * `units` section that describes it (metric/imperial, or celsius/fahrenheit on Hiline).
 */
export type TUnitSystemOption = {
  readonly system: TUnitSystem;
  readonly temperature: TTemperatureUnit;
  readonly volume: TVolumeUnit;
  readonly label: 'metric' | 'imperial' | 'celsius' | 'fahrenheit';
};

const METRIC: TUnitSystemOption = { system: 'metric', temperature: 'celsius', volume: 'litre', label: 'metric' };
const IMPERIAL: TUnitSystemOption = { system: 'imperial', temperature: 'fahrenheit', volume: 'usGallon', label: 'imperial' };
const UNIT_SYSTEM_OPTIONS: readonly TUnitSystemOption[] = [METRIC, IMPERIAL];

// Hiline offers °C or °F only (§9): the choice changes temperatures, volumes stay in litres.
const HILINE_OPTIONS: readonly TUnitSystemOption[] = [
  { system: 'metric', temperature: 'celsius', volume: 'litre', label: 'celsius' },
  { system: 'imperial', temperature: 'fahrenheit', volume: 'litre', label: 'fahrenheit' },
];

/** The unit systems a machine of this range offers, metric first. */
export function unitSystemsFor(gamma: TGamma): readonly TUnitSystemOption[] {
  return gamma === 'hiline' ? HILINE_OPTIONS : UNIT_SYSTEM_OPTIONS;
}

/** The temperature and volume units shown for a machine of `gamma` set to `system`. */
export function displayUnits(system: TUnitSystem, gamma?: TGamma): TUnitSystemOption {
  return (gamma ? unitSystemsFor(gamma) : UNIT_SYSTEM_OPTIONS).find((o) => o.system === system) ?? METRIC;
}

/** °C from a raw machine temperature: raw ÷ scale. */
export function toCelsius(raw: number, scale = TEMPERATURE_SCALE): number {
  return raw / scale;
}

/** °F from °C: 9/5 · C + 32. */
export function celsiusToFahrenheit(celsius: number): number {
  return (celsius * 9) / 5 + 32;
}

/** °C from °F: (F − 32) · 5/9. */
export function fahrenheitToCelsius(fahrenheit: number): number {
  return ((fahrenheit - 32) * 5) / 9;
}

/** °F from a raw machine temperature. */
export function toFahrenheit(raw: number, scale = TEMPERATURE_SCALE): number {
  return celsiusToFahrenheit(toCelsius(raw, scale));
}

/** A raw temperature (tenths of °C, rounded) from a value in °C or °F. */
export function toRawTemperature(value: number, unit: TTemperatureUnit, scale = TEMPERATURE_SCALE): number {
  return Math.round((unit === 'fahrenheit' ? fahrenheitToCelsius(value) : value) * scale);
}

/** Litres from a raw machine volume: raw ÷ scale. */
export function toLitres(raw: number, scale = VOLUME_SCALE): number {
  return raw / scale;
}

/** US gallons from a raw machine volume. */
export function toUsGallons(raw: number, scale = VOLUME_SCALE): number {
  return toLitres(raw, scale) / LITRES_PER_US_GALLON;
}

/** A raw volume (litres × 10, rounded) from a value in litres or US gallons. */
export function toRawVolume(value: number, unit: TVolumeUnit, scale = VOLUME_SCALE): number {
  return Math.round((unit === 'usGallon' ? value * LITRES_PER_US_GALLON : value) * scale);
}

type TFormatOptions = {
  /** Decimal separator and grouping follow this language; without it, a point and no grouping. */
  readonly lang?: TLanguage;
  /** Fraction digits; the default is each unit's resolution (see below). */
  readonly digits?: number;
  /** Raw values per unit (10 unless the device says otherwise). */
  readonly scale?: number;
};

function formatNumber(value: number, digits: number, lang: TLanguage | undefined): string {
  if (!lang) return value.toFixed(digits);
  return numberFormat(intlLocale(lang), { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/**
 * A raw temperature as text in the unit system: "85.0 °C" or "185 °F". °C keeps the machine's
 * tenth; °F is shown in whole degrees, as on °F machine displays.
 */
export function formatTemperature(raw: number, system: TUnitSystem, options: TFormatOptions = {}): string {
  const scale = options.scale ?? TEMPERATURE_SCALE;
  if (system === 'imperial') {
    return `${formatNumber(toFahrenheit(raw, scale), options.digits ?? 0, options.lang)} ${UNIT_SYMBOLS.fahrenheit}`;
  }
  return `${formatNumber(toCelsius(raw, scale), options.digits ?? 1, options.lang)} ${UNIT_SYMBOLS.celsius}`;
}

/** A raw volume as text: "12.5 l" (tenths, the machine's resolution) or "3.30 gal" (hundredths). */
export function formatVolume(raw: number, unit: TVolumeUnit, options: TFormatOptions = {}): string {
  const scale = options.scale ?? VOLUME_SCALE;
  if (unit === 'usGallon') {
    return `${formatNumber(toUsGallons(raw, scale), options.digits ?? 2, options.lang)} ${UNIT_SYMBOLS.usGallon}`;
  }
  return `${formatNumber(toLitres(raw, scale), options.digits ?? 1, options.lang)} ${UNIT_SYMBOLS.litre}`;
}

/** A raw rinse flow rate (l/h × 10) as text: "90.0 l/h". */
export function formatFlowRate(raw: number, options: TFormatOptions = {}): string {
  return `${formatNumber(raw / (options.scale ?? VOLUME_SCALE), options.digits ?? 1, options.lang)} ${UNIT_SYMBOLS.litrePerHour}`;
}
