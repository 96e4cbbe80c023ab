import { describe, expect, it } from 'vitest';
import {
  dateTimeFormat,
  formatCurrency,
  formatDate,
  formatDay,
  formatTime,
  numberFormat,
  parseDay,
  toLocaleCode,
} from './format';

/** Intl uses no-break and narrow no-break spaces; compare with plain spaces. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

// Saturday 21 November 2026, 13:05:09 UTC = 14:05:09 in Rome (CET, UTC+1).
const DATE = new Date('2026-11-21T13:05:09Z');
/** The zone the expected times are written in. */
const ROME = 'Europe/Rome';

describe('toLocaleCode', () => {
  it.each([
    ['de', 'de_DE'],
    ['nl', 'nl_NL'],
    ['en', 'en_GB'],
    ['es', 'es_ES'],
    ['fr', 'fr_FR'],
    ['it', 'it_IT'],
    ['ru', 'ru_RU'],
    ['us', 'en_US'],
  ])('maps %s to %s', (lang, code) => {
    expect(toLocaleCode(lang)).toBe(code);
  });

  it('ignores case', () => {
    expect(toLocaleCode('IT')).toBe('it_IT');
    expect(toLocaleCode('Us')).toBe('en_US');
    expect(toLocaleCode('DE')).toBe('de_DE');
  });

  it('falls back to en_GB for anything else', () => {
    expect(toLocaleCode('pt')).toBe('en_GB');
    expect(toLocaleCode('')).toBe('en_GB');
    expect(toLocaleCode('it_IT')).toBe('en_GB');
    expect(toLocaleCode('constructor')).toBe('en_GB');
  });
});

describe('formatDate', () => {
  it('short: numeric day, month and four-digit year', () => {
    expect(plain(formatDate(DATE, 'short', 'it', ROME))).toBe('21/11/2026');
    expect(plain(formatDate(DATE, 'short', 'en', ROME))).toBe('21/11/2026');
    expect(plain(formatDate(DATE, 'short', 'de', ROME))).toBe('21.11.2026');
  });

  it('medium: weekday and month name', () => {
    expect(plain(formatDate(DATE, 'medium', 'it', ROME))).toBe('sabato 21 novembre 2026');
    expect(plain(formatDate(DATE, 'medium', 'en', ROME))).toBe('Saturday 21 November 2026');
    expect(plain(formatDate(DATE, 'medium', 'fr', ROME))).toBe('samedi 21 novembre 2026');
    expect(plain(formatDate(DATE, 'medium', 'de', ROME))).toContain('Samstag');
    expect(plain(formatDate(DATE, 'medium', 'es', ROME))).toContain('sábado');
  });

  it('long: date and 24-hour time with seconds', () => {
    expect(plain(formatDate(DATE, 'long', 'it', ROME))).toBe('21/11/2026, 14:05:09');
    expect(plain(formatDate(DATE, 'long', 'en', ROME))).toBe('21/11/2026, 14:05:09');
    expect(formatDate(DATE, 'long', 'en', ROME)).not.toMatch(/AM|PM/i);
  });

  it("time: long's time of day alone, as a table writes it under the day", () => {
    expect(plain(formatDate(DATE, 'time', 'it', ROME))).toBe('14:05:09');
    expect(plain(formatDate(DATE, 'time', 'de', 'UTC'))).toBe('13:05:09');
    expect(`${formatDate(DATE, 'short', 'en', ROME)}, ${formatDate(DATE, 'time', 'en', ROME)}`).toBe(
      formatDate(DATE, 'long', 'en', ROME),
    );
  });

  it('long12: date and 12-hour time with seconds and AM/PM', () => {
    expect(plain(formatDate(DATE, 'long12', 'en', ROME))).toBe('21/11/2026, 2:05:09 PM');
    expect(plain(formatDate(DATE, 'long12', 'it', ROME))).toBe('21/11/2026, 2:05:09 PM');
    expect(plain(formatDate(new Date('2026-11-21T08:05:09Z'), 'long12', 'en', ROME))).toBe('21/11/2026, 9:05:09 AM');
  });

  it('writes the time in the zone it is given', () => {
    expect(plain(formatDate(DATE, 'long', 'en', 'UTC'))).toBe('21/11/2026, 13:05:09');
    expect(plain(formatDate(new Date('2026-07-01T22:30:00Z'), 'short', 'it', ROME))).toBe('02/07/2026');
    expect(plain(formatDate(new Date('2026-07-01T22:30:00Z'), 'short', 'it', 'UTC'))).toBe('01/07/2026');
  });

  it('accepts ISO strings and epoch milliseconds, and gives an empty string for invalid dates', () => {
    expect(plain(formatDate('2026-11-21T13:05:09Z', 'long', 'it', ROME))).toBe('21/11/2026, 14:05:09');
    expect(plain(formatDate(DATE.getTime(), 'short', 'en', ROME))).toBe('21/11/2026');
    expect(formatDate('not a date', 'short', 'it', ROME)).toBe('');
  });
});

describe('formatTime', () => {
  it('24-hour clock', () => {
    expect(plain(formatTime(DATE, false, 'it', ROME))).toBe('14:05');
    expect(plain(formatTime(DATE, false, 'en', ROME))).toBe('14:05');
    expect(plain(formatTime(DATE, false, 'de', ROME))).toBe('14:05');
    expect(plain(formatTime(new Date('2026-11-21T08:05:00Z'), false, 'en', ROME))).toBe('09:05');
  });

  it('12-hour clock', () => {
    expect(plain(formatTime(DATE, true, 'en', ROME))).toBe('2:05 PM');
    expect(plain(formatTime(new Date('2026-11-21T08:05:00Z'), true, 'en', ROME))).toBe('9:05 AM');
    expect(plain(formatTime(DATE, true, 'it', ROME))).toMatch(/^2:05 PM$/);
  });

  it('uses the given time zone and rejects invalid dates', () => {
    expect(plain(formatTime(DATE, false, 'en', 'UTC'))).toBe('13:05');
    expect(formatTime(Number.NaN, false, 'en', ROME)).toBe('');
  });
});

describe('formatCurrency', () => {
  it('formats euro per language', () => {
    expect(plain(formatCurrency(1234.5, 'it'))).toBe('1.234,50 €');
    expect(plain(formatCurrency(1234.5, 'en'))).toBe('€1,234.50');
    expect(plain(formatCurrency(1234.5, 'de'))).toBe('1.234,50 €');
    expect(plain(formatCurrency(1234.5, 'fr'))).toBe('1 234,50 €');
    expect(plain(formatCurrency(1234.5, 'es'))).toBe('1.234,50 €');
  });

  it('handles zero, negatives and rounding to cents', () => {
    expect(plain(formatCurrency(0, 'en'))).toBe('€0.00');
    expect(plain(formatCurrency(-5.255, 'it'))).toMatch(/^-5,2[56] €$/);
    expect(plain(formatCurrency(1_000_000, 'en'))).toBe('€1,000,000.00');
  });
});

describe('a day in a date input', () => {
  it('is written as the tables write a date, in each language', () => {
    expect(formatDay('2026-02-01', 'de')).toBe('01.02.2026');
    expect(formatDay('2026-02-01', 'en')).toBe('01/02/2026');
    expect(formatDay('2026-02-01', 'it')).toBe('01/02/2026');
    expect(formatDay('2026-02-01', 'de')).toBe(formatDate('2026-02-01T10:00:00Z', 'short', 'de', ROME));
    expect(formatDate('2026-02-01T10:00:00Z', 'long', 'en', ROME).startsWith(formatDay('2026-02-01', 'en'))).toBe(true);
    expect(formatDay('not a day', 'en')).toBe('');
  });

  it('is read back in the same order, whatever the separators', () => {
    for (const lang of ['it', 'en', 'fr', 'de', 'es'] as const) {
      expect(parseDay(formatDay('2026-02-01', lang), lang)).toBe('2026-02-01');
    }
    expect(parseDay('1.2.2026', 'de')).toBe('2026-02-01');
    expect(parseDay('01-02-2026', 'en')).toBe('2026-02-01');
  });

  it('is no day when it is not a real date or not written day first', () => {
    expect(parseDay('31.02.2026', 'de')).toBeNull();
    expect(parseDay('2026-02-01', 'de')).toBeNull();
    expect(parseDay('01.02.26', 'de')).toBeNull();
    expect(parseDay('01.13.2026', 'de')).toBeNull();
    expect(parseDay('', 'en')).toBeNull();
  });
});

describe('kept formatters', () => {
  it('answer the same formatter for the same locale and options, and their own for others', () => {
    const one = numberFormat('de-DE', { maximumFractionDigits: 1 });
    expect(numberFormat('de-DE', { maximumFractionDigits: 1 })).toBe(one);
    expect(one.format(1234.56)).toBe('1.234,6');
    expect(numberFormat('en-GB', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
    const rome = dateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Rome' });
    expect(dateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Rome' })).toBe(rome);
    expect(rome.format(DATE)).toBe('14');
    expect(dateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(DATE)).toBe('13');
  });

  it('refuse an unknown time zone as Intl does', () => {
    expect(() => dateTimeFormat('en-GB', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
