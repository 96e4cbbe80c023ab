import {
  checkParameterValue,
  isLanguage,
  parameterDisplayUnit,
  parameterFractionDigits,
  toParameterDisplayValue,
  toLocaleCode,
  toParameterRawValue,
  type TGamma,
  type TParameter,
  type TParameterUnit,
  type TUnitSystem,
} from '@washboard/contracts';

/**
 * The rules of the parameter editors, apart from React: how a raw value is shown in a field, how
 * the typed text is read back into a raw value, and which values a save sends. Raw values are the
 * machine's (tenths of °C, litres × 10, seconds); docs/remote-control-and-parameters.md.
 */

/** The text typed in each field the user touched, by parameter key. */
export type TEdits = Readonly<Record<string, string>>;

/** How an edited field reads: its raw value, or why it cannot be sent. */
export type TFieldReading = { ok: true; raw: number } | { ok: false; reason: 'empty' | 'notANumber' | 'notAllowed' };

/** Enumerations and on/off switches are chosen, not typed. */
export function isChoice(param: TParameter): boolean {
  return Boolean(param.options) || param.unit === 'boolean';
}

function decimalSeparator(language: string): string {
  const locale = isLanguage(language) ? toLocaleCode(language).replace('_', '-') : 'it-IT';
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? ',';
}

/** A shown number as a field's text: trailing zeros dropped, the language's decimal separator, no grouping. */
export function formatShownNumber(value: number, digits: number, language: string): string {
  const text = String(Number(value.toFixed(digits)) + 0);
  return text.replace('.', decimalSeparator(language));
}

/** The text a field starts with for a raw value. */
export function shownText(param: TParameter, raw: number, system: TUnitSystem, language: string): string {
  if (isChoice(param)) return String(raw);
  return formatShownNumber(toParameterDisplayValue(param, raw, system), parameterFractionDigits(param, system), language);
}

/** Keeps only what a number can be made of: digits, one decimal separator, a leading minus. */
export function numbersOnly(text: string): string {
  const kept = text.replace(/[^0-9.,-]/g, '');
  const sign = kept.startsWith('-') ? '-' : '';
  const unsigned = kept.replace(/-/g, '');
  const at = unsigned.search(/[.,]/);
  if (at === -1) return sign + unsigned;
  return sign + unsigned.slice(0, at + 1) + unsigned.slice(at + 1).replace(/[.,]/g, '');
}

/** A typed text as a number ('12,5' and '12.5' alike); undefined when it is not one. */
export function parseShownNumber(text: string): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(normalised)) return undefined;
  return Number(normalised);
}

/**
 * Reads a field: the raw value of the typed text, checked against the catalogue for the range
 * (checkParameterValue). Units that are only scaled (°C, litres, minutes) must land on a whole raw
 * value — 84.55 °C is refused, not rounded; °F and gallons are converted and rounded to the
 * machine's resolution, since a whole °F is rarely a whole tenth of °C.
 */
export function readField(param: TParameter, text: string, system: TUnitSystem, gamma: TGamma): TFieldReading {
  if (text.trim() === '') return { ok: false, reason: 'empty' };
  const shown = parseShownNumber(text);
  if (shown === undefined) return { ok: false, reason: 'notANumber' };
  const unit: TParameterUnit = parameterDisplayUnit(param, system);
  const converted = unit === 'fahrenheit' || unit === 'usGallon';
  const raw = isChoice(param) ? shown : toParameterRawValue(param, shown, system);
  if (!converted && Math.abs(shown * param.scale - raw) > 1e-6) return { ok: false, reason: 'notAllowed' };
  return checkParameterValue(param.key, raw, gamma) === 'ok' ? { ok: true, raw } : { ok: false, reason: 'notAllowed' };
}

export type TPendingSave = {
  /** The changed values, raw, by key: what Save sends. */
  values: Record<string, number>;
  /** Keys whose text cannot be sent. */
  invalid: string[];
};

/**
 * What a save would send: only the fields whose value differs from the machine's (a field typed
 * back to its value, or to the text it started with, is not a change); fields that cannot be read
 * are listed apart.
 */
export function pendingSave(
  params: readonly TParameter[],
  edits: TEdits,
  current: Readonly<Record<string, number>>,
  system: TUnitSystem,
  gamma: TGamma,
  language: string,
): TPendingSave {
  const values: Record<string, number> = {};
  const invalid: string[] = [];
  for (const param of params) {
    const text = edits[param.key];
    const was = current[param.key];
    if (text === undefined || (was !== undefined && text === shownText(param, was, system, language))) continue;
    const reading = readField(param, text, system, gamma);
    if (!reading.ok) invalid.push(param.key);
    else if (reading.raw !== was) values[param.key] = reading.raw;
  }
  return { values, invalid };
}
