import type { TLanguage } from './languages';

/** Date presentations of the product: numeric, with weekday, with seconds (24 h), with seconds (12 h). */
export type TDateFormat = 'short' | 'medium' | 'long' | 'long12' | 'time';

const LOCALE_CODES: ReadonlyMap<string, string> = new Map([
  ['de', 'de_DE'],
  ['nl', 'nl_NL'],
  ['en', 'en_GB'],
  ['es', 'es_ES'],
  ['fr', 'fr_FR'],
  ['it', 'it_IT'],
  ['ru', 'ru_RU'],
  ['us', 'en_US'],
]);

/** Locale code (e.g. `it_IT`) for a language code, case-insensitive; unknown codes give `en_GB`. */
export function toLocaleCode(lang: string): string {
  return LOCALE_CODES.get(lang.trim().toLowerCase()) ?? 'en_GB';
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter kept in `cache` under `locale` and `options`, made by `make` the first time. */
function kept<F, O>(cache: Map<string, F>, locale: string, options: O, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/**
 * An Intl.NumberFormat for `locale` and `options`, made once and kept: making one costs tens of
 * microseconds, far more than formatting with it, and a report or a table formats thousands of values.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** An Intl.DateTimeFormat for `locale` and `options` (time zone included), made once and kept, as numberFormat. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

/** BCP 47 tag used with Intl for a supported interface language (`it` → `it-IT`). */
export function intlLocale(lang: TLanguage): string {
  return toLocaleCode(lang).replace('_', '-');
}

const DATE_OPTIONS: Readonly<Record<TDateFormat, Intl.DateTimeFormatOptions>> = {
  short: { day: '2-digit', month: '2-digit', year: 'numeric' },
  medium: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  long: {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  },
  long12: {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  },
  /** The time of day of 'long' alone, for a table that writes the day above it. */
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
};

/** Joins Intl parts, writing a lower-case "am"/"pm" day period (as en-GB does) as "AM"/"PM". */
function joinParts(parts: Intl.DateTimeFormatPart[]): string {
  return parts.map((p) => (p.type === 'dayPeriod' && /^[ap]m$/i.test(p.value) ? p.value.toUpperCase() : p.value)).join('');
}

/** Formats a date as short, medium, long (seconds, 24 h), long12 (seconds, 12 h) or time (long's time alone) in `timeZone`; '' if invalid. */
export function formatDate(date: Date | string | number, format: TDateFormat, lang: TLanguage, timeZone: string): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const parts = dateTimeFormat(intlLocale(lang), { ...DATE_OPTIONS[format], timeZone }).formatToParts(value);
  // British style writes "Saturday 21 November 2026", without the comma CLDR puts after the weekday.
  if (format === 'medium' && lang === 'en' && parts[0]?.type === 'weekday' && parts[1]?.type === 'literal') {
    parts[1] = { ...parts[1], value: ' ' };
  }
  return joinParts(parts);
}

/**
 * A calendar day (`YYYY-MM-DD`) as the tables write a date ('short' of formatDate): what a date
 * input shows, so a period picked above a table reads like the table's dates.
 */
export function formatDay(day: string, lang: TLanguage): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`, 'short', lang, 'UTC') : '';
}

/**
 * Reads a day typed the way formatDay writes it in `lang` — day, month and year in the language's
 * order, any separators, a four-digit year — as `YYYY-MM-DD`; null when it is no real date.
 */
export function parseDay(text: string, lang: TLanguage): string | null {
  const order = dateTimeFormat(intlLocale(lang), DATE_OPTIONS.short)
    .formatToParts(new Date(0))
    .map((part) => part.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year');
  const numbers = text.trim().split(/\D+/).filter(Boolean);
  if (numbers.length !== 3 || order.length !== 3) return null;
  const field = (type: 'day' | 'month' | 'year') => numbers[order.indexOf(type)] ?? '';
  const [year, month, day] = [field('year'), field('month'), field('day')];
  if (year.length !== 4) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}

/** Formats the time of day as hours and minutes, 12-hour ("2:05 PM") or 24-hour ("14:05"), in `timeZone`; '' if invalid. */
export function formatTime(date: Date | string | number, hour12: boolean, lang: TLanguage, timeZone: string): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = hour12
    ? { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }
    : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone };
  return joinParts(dateTimeFormat(intlLocale(lang), options).formatToParts(value));
}

/** Formats an amount in euro with the language's conventions, always grouping thousands (it "1.234,50 €", en "€1,234.50"). */
export function formatCurrency(amount: number, lang: TLanguage): string {
  return numberFormat(intlLocale(lang), { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(amount);
}
