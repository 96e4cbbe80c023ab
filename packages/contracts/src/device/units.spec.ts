import { describe, expect, it } from 'vitest';
import {
  celsiusToFahrenheit,
  displayUnits,
  fahrenheitToCelsius,
  formatTemperature,
  formatFlowRate,
  formatVolume,
  toCelsius,
  toFahrenheit,
  toLitres,
  toRawTemperature,
  toRawVolume,
  toUsGallons,
  UNIT_SYMBOLS,
  UNITS,
  unitSystemsFor,
} from './units';

/** Intl uses no-break and narrow no-break spaces; compare with plain spaces. */
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('temperatures', () => {
  it('reads raw tenths of °C (scale 10 by default)', () => {
    expect(toCelsius(850)).toBe(85);
    expect(toCelsius(845)).toBe(84.5);
    expect(toCelsius(85, 1)).toBe(85);
    expect(toCelsius(-50)).toBe(-5);
  });

  it('converts to °F as 9/5 · C + 32', () => {
    expect(toFahrenheit(850)).toBe(185);
    expect(toFahrenheit(1050)).toBe(221);
    expect(toFahrenheit(0)).toBe(32);
    expect(toFahrenheit(1000)).toBe(212);
    expect(toFahrenheit(1020)).toBeCloseTo(215.6, 10);
    expect(celsiusToFahrenheit(-40)).toBe(-40);
    expect(fahrenheitToCelsius(221)).toBe(105);
  });

  it('turns a typed °C or °F value back into raw tenths', () => {
    expect(toRawTemperature(85, 'celsius')).toBe(850);
    expect(toRawTemperature(185, 'fahrenheit')).toBe(850);
    expect(toRawTemperature(215, 'fahrenheit')).toBe(1017);
    expect(toRawTemperature(84.56, 'celsius')).toBe(846);
  });

  it('formats in the unit system: °C to the tenth, °F in whole degrees', () => {
    expect(formatTemperature(850, 'metric')).toBe('85.0 °C');
    expect(formatTemperature(850, 'imperial')).toBe('185 °F');
    expect(formatTemperature(1050, 'imperial')).toBe('221 °F');
    expect(formatTemperature(845, 'metric')).toBe('84.5 °C');
    expect(formatTemperature(845, 'imperial', { digits: 1 })).toBe('184.1 °F');
    expect(formatTemperature(85, 'metric', { scale: 1 })).toBe('85.0 °C');
  });

  it('uses the decimal separator of the language when given one', () => {
    expect(plain(formatTemperature(845, 'metric', { lang: 'it' }))).toBe('84,5 °C');
    expect(plain(formatTemperature(845, 'metric', { lang: 'de' }))).toBe('84,5 °C');
    expect(plain(formatTemperature(845, 'metric', { lang: 'en' }))).toBe('84.5 °C');
  });
});

describe('volumes', () => {
  it('reads raw litres × 10 and converts to US gallons', () => {
    expect(toLitres(125)).toBe(12.5);
    expect(toUsGallons(37.85411784 * 10)).toBeCloseTo(10, 10);
    expect(toRawVolume(12.5, 'litre')).toBe(125);
    expect(toRawVolume(1, 'usGallon')).toBe(38);
  });

  it('formats litres to the tenth and gallons to the hundredth', () => {
    expect(formatVolume(125, 'litre')).toBe('12.5 l');
    expect(formatVolume(125, 'usGallon')).toBe('3.30 gal');
    expect(plain(formatVolume(125, 'litre', { lang: 'fr' }))).toBe('12,5 l');
    expect(formatFlowRate(900)).toBe('90.0 l/h');
    expect(plain(formatFlowRate(905, { lang: 'de' }))).toBe('90,5 l/h');
  });
});

describe('unit systems', () => {
  it('offers metric and imperial on every range but Hiline', () => {
    for (const gamma of ['infinity', 'prime', 'ge'] as const) {
      expect(unitSystemsFor(gamma).map((o) => [o.system, o.temperature, o.volume, o.label])).toEqual([
        ['metric', 'celsius', 'litre', 'metric'],
        ['imperial', 'fahrenheit', 'usGallon', 'imperial'],
      ]);
    }
  });

  it('offers °C or °F only on Hiline, keeping volumes in litres', () => {
    expect(unitSystemsFor('hiline').map((o) => [o.system, o.temperature, o.volume, o.label])).toEqual([
      ['metric', 'celsius', 'litre', 'celsius'],
      ['imperial', 'fahrenheit', 'litre', 'fahrenheit'],
    ]);
    expect(displayUnits('imperial', 'hiline').volume).toBe('litre');
    expect(displayUnits('imperial', 'infinity').volume).toBe('usGallon');
    expect(displayUnits('imperial').temperature).toBe('fahrenheit');
  });

  it('lists every unit of the spec with its symbol', () => {
    expect(UNITS.map((u) => UNIT_SYMBOLS[u])).toEqual([
      '°C',
      '°F',
      'l',
      'gal',
      'ml',
      'g/l',
      'mg/l',
      'l/h',
      'kW',
      'kWh',
      'Hz',
      'Vac',
      's',
      'min',
      'h',
    ]);
  });
});
