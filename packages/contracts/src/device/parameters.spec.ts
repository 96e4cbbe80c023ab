import { describe, expect, it } from 'vitest';
import { GAMMAS } from '../appliance/gamma';
import { CYCLE_TYPES } from './cycles';
import {
  checkParameterValue,
  CYCLE_FIELDS,
  defaultParameters,
  machineUnitSystem,
  toggleWords,
  PARAMETER_GROUPS,
  parameterByKey,
  parameterDisplayUnit,
  PARAMETERS,
  parametersFor,
  toParameterDisplayValue,
  toParameterRawValue,
  type TParameter,
} from './parameters';

const numbered = (prefix: string, from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

/** The codes of §9, with SB/SV/ST as our five levels and calibration points each. */
const SPEC_CODES = [
  'S2',
  'S3',
  'S6',
  ...numbered('S', 9, 50),
  ...numbered('d', 1, 4),
  ...numbered('r', 3, 6),
  ...numbered('SB', 1, 5),
  ...numbered('SV', 1, 5),
  ...numbered('ST', 1, 5),
  'PB1',
  'PV1',
  'PT1',
  'FM1',
  'OS1',
];

function param(key: string): TParameter {
  const found = parameterByKey(key);
  if (!found) throw new Error(`no parameter ${key}`);
  return found;
}

describe('parameter catalogue', () => {
  it('has every parameter code of §9, in order, before the per-cycle parameters', () => {
    const codes = PARAMETERS.flatMap((p) => (p.code ? [p.code] : []));
    expect(codes).toEqual(SPEC_CODES);
    expect(PARAMETERS.slice(0, codes.length).every((p) => p.code === p.key)).toBe(true);
  });

  it('has every field of every one of the twelve cycles, soaking only on eco and short', () => {
    for (const cycle of CYCLE_TYPES) {
      const fields = PARAMETERS.filter((p) => p.cycleType === cycle).map((p) => p.field);
      const expected = CYCLE_FIELDS.filter((f) => f !== 'soakingDuration' || cycle === 'eco' || cycle === 'short');
      expect(fields, cycle).toEqual(expected);
    }
    expect(parameterByKey('intensive.washDuration')?.field).toBe('washDuration');
    expect(parameterByKey('eco.soakingDuration')?.cycleType).toBe('eco');
    expect(parameterByKey('fast.soakingDuration')).toBeUndefined();
  });

  it('has one entry per key', () => {
    expect(new Set(PARAMETERS.map((p) => p.key)).size).toBe(PARAMETERS.length);
  });

  it('gives every entry sound bounds: integers, min ≤ default ≤ max, a positive step, a known group and range', () => {
    for (const p of PARAMETERS) {
      expect([p.min, p.max, p.default, p.step, p.scale].every(Number.isInteger), p.key).toBe(true);
      expect(p.min <= p.default && p.default <= p.max, p.key).toBe(true);
      expect(p.step, p.key).toBeGreaterThan(0);
      expect(p.scale, p.key).toBeGreaterThan(0);
      expect(PARAMETER_GROUPS, p.key).toContain(p.group);
      expect(p.gammas.length, p.key).toBeGreaterThan(0);
      if (p.options) expect(Object.values(p.options), p.key).toContain(p.default);
      if (p.unit === 'boolean') expect([p.min, p.max], p.key).toEqual([0, 1]);
    }
  });

  it('keeps setpoints within commercial dishwasher practice (boiler 80–90 °C, tank 55–70 °C)', () => {
    for (const cycle of CYCLE_TYPES) {
      expect([param(`${cycle}.boilerSetpoint`).min, param(`${cycle}.boilerSetpoint`).max]).toEqual([800, 900]);
      expect([param(`${cycle}.tankSetpoint`).min, param(`${cycle}.tankSetpoint`).max]).toEqual([550, 700]);
    }
    // The thermostop default must not make any preset cycle wait for ever.
    const lowestBoiler = Math.min(...CYCLE_TYPES.map((c) => param(`${c}.boilerSetpoint`).default));
    expect(param('S2').default).toBeLessThanOrEqual(lowestBoiler);
    const lowestTank = Math.min(...CYCLE_TYPES.map((c) => param(`${c}.tankSetpoint`).default));
    expect(param('S3').default).toBeLessThanOrEqual(lowestTank);
  });

  it('lets washing programmes not be empty but maintenance cycles be', () => {
    expect(param('fast.washDuration').min).toBe(30);
    expect(param('manualDrain.washDuration').min).toBe(0);
    expect(param('dishes.rinseVolume').min).toBe(10);
    expect(param('regeneration.rinseVolume').min).toBe(0);
  });

  it('marks hardware, safety and calibration as factory parameters', () => {
    for (const key of ['S2', 'S3', 'S14', 'S25', 'S34', 'FM1', 'OS1', 'SB1', 'PB1']) expect(param(key).kind, key).toBe('factory');
    for (const key of ['S28', 'S29', 'S47', 'd1', 'r3', 'eco.tankSetpoint']) expect(param(key).kind, key).toBe('cycle');
  });
});

describe('parameters of a range', () => {
  it('gives Hiline fewer parameters: no flow meter, level sensors, CRC, dosing pumps, rinse volume or soft start', () => {
    const hiline = new Set<string>(parametersFor('hiline').map((p) => p.key));
    const infinity = parametersFor('infinity');
    expect(hiline.size).toBeLessThan(infinity.length);
    for (const key of ['FM1', 'S25', 'SB1', 'PV1', 'S26', 'd1', 'eco.rinseVolume', 'glasses.softStart']) {
      expect(hiline.has(key), key).toBe(false);
    }
    for (const key of ['S2', 'S47', 'OS1', 'r3', 'eco.soakingDuration', 'fast.rinseTime'])
      expect(hiline.has(key), key).toBe(true);
  });

  it('filters by kind', () => {
    for (const gamma of GAMMAS) {
      const all = parametersFor(gamma);
      const cycle = parametersFor(gamma, 'cycle');
      const factory = parametersFor(gamma, 'factory');
      expect(cycle.every((p) => p.kind === 'cycle')).toBe(true);
      expect(factory.every((p) => p.kind === 'factory')).toBe(true);
      expect(cycle.length + factory.length).toBe(all.length);
    }
  });

  it('has presets that are all accepted by the range', () => {
    for (const gamma of GAMMAS) {
      const presets = defaultParameters(gamma);
      expect(Object.keys(presets)).toEqual(parametersFor(gamma).map((p) => p.key));
      for (const [key, value] of Object.entries(presets)) expect(checkParameterValue(key, value ?? NaN, gamma), key).toBe('ok');
    }
    expect(defaultParameters('infinity')['intensive.boilerSetpoint']).toBe(880);
    expect(defaultParameters('hiline').S25).toBeUndefined();
  });
});

describe('checkParameterValue', () => {
  it('accepts a whole number within the bounds', () => {
    expect(checkParameterValue('S25', 600, 'infinity')).toBe('ok');
    expect(checkParameterValue('intensive.boilerSetpoint', 800, 'prime')).toBe('ok');
    expect(checkParameterValue('intensive.boilerSetpoint', 900, 'ge')).toBe('ok');
    expect(checkParameterValue('S10', -50, 'infinity')).toBe('ok');
  });

  it('refuses values outside the bounds', () => {
    expect(checkParameterValue('intensive.boilerSetpoint', 799, 'infinity')).toBe('out_of_range');
    expect(checkParameterValue('intensive.boilerSetpoint', 901, 'infinity')).toBe('out_of_range');
    expect(checkParameterValue('eco.tankSetpoint', 710, 'hiline')).toBe('out_of_range');
    expect(checkParameterValue('S26', 2, 'infinity')).toBe('out_of_range');
  });

  it('refuses an enumeration value that is not one of its options', () => {
    expect(checkParameterValue('S35', 60, 'infinity')).toBe('ok');
    expect(checkParameterValue('S35', 55, 'infinity')).toBe('out_of_range');
    expect(checkParameterValue('OS1', 3, 'hiline')).toBe('ok');
    expect(checkParameterValue('OS1', 4, 'hiline')).toBe('out_of_range');
  });

  it('refuses anything but a whole number', () => {
    expect(checkParameterValue('S25', 600.5, 'infinity')).toBe('not_integer');
    expect(checkParameterValue('S25', Number.NaN, 'infinity')).toBe('not_integer');
    expect(checkParameterValue('S25', Number.POSITIVE_INFINITY, 'infinity')).toBe('not_integer');
  });

  it('calls unknown a key that does not exist or that the range does not have', () => {
    expect(checkParameterValue('S1', 1, 'infinity')).toBe('unknown');
    expect(checkParameterValue('fast.soakingDuration', 10, 'infinity')).toBe('unknown');
    expect(checkParameterValue('FM1', 0, 'hiline')).toBe('unknown');
    expect(checkParameterValue('FM1', 0, 'infinity')).toBe('ok');
  });
});

describe('shown values', () => {
  it('shows temperatures in °C or °F, differences without the +32', () => {
    expect(toParameterDisplayValue(param('dishes.boilerSetpoint'), 850)).toBe(85);
    expect(toParameterDisplayValue(param('dishes.boilerSetpoint'), 850, 'imperial')).toBe(185);
    expect(parameterDisplayUnit(param('dishes.boilerSetpoint'), 'imperial')).toBe('fahrenheit');
    expect(toParameterDisplayValue(param('S6'), 30, 'imperial')).toBeCloseTo(5.4, 10);
    expect(toParameterRawValue(param('S6'), 5.4, 'imperial')).toBe(30);
    expect(toParameterRawValue(param('dishes.boilerSetpoint'), 185, 'imperial')).toBe(850);
    expect(toParameterRawValue(param('S10'), -0.04)).toBe(0);
    expect(Object.is(toParameterRawValue(param('S10'), -0.04), -0)).toBe(false);
  });

  it('shows minutes, hours, litres and gallons from seconds and litres × 10', () => {
    expect(toParameterDisplayValue(param('S17'), 2700)).toBe(45);
    expect(toParameterRawValue(param('S17'), 45)).toBe(2700);
    expect(toParameterDisplayValue(param('S42'), 28800)).toBe(8);
    expect(toParameterDisplayValue(param('dishes.rinseVolume'), 30)).toBe(3);
    expect(toParameterDisplayValue(param('dishes.rinseVolume'), 30, 'imperial')).toBeCloseTo(0.7925, 4);
    expect(toParameterRawValue(param('dishes.rinseVolume'), 0.7925, 'imperial')).toBe(30);
    expect(parameterDisplayUnit(param('S25'), 'imperial')).toBe('litrePerHour');
  });
});

describe('machineUnitSystem', () => {
  it('follows the machine’s S47 (1 imperial), metric until it has said', () => {
    expect(machineUnitSystem({ S47: 1 })).toBe('imperial');
    expect(machineUnitSystem({ S47: 0 })).toBe('metric');
    expect(machineUnitSystem({})).toBe('metric');
    expect(machineUnitSystem(null)).toBe('metric');
  });
});

describe('toggleWords', () => {
  it('tells fitted hardware present or absent, a function active or inhibited, a switch enabled or disabled', () => {
    const words = (key: string) => toggleWords(parameterByKey(key) ?? { words: undefined });
    expect(words('S37')).toEqual(['toggles.present', 'toggles.absent']);
    expect(words('S39')).toEqual(['toggles.active', 'toggles.inhibited']);
    expect(words('S50')).toEqual(['toggles.enabled', 'toggles.disabled']);
    // Every on/off parameter has words the catalogue holds, and only on/off parameters have words.
    for (const param of PARAMETERS) expect(param.words === undefined || param.unit === 'boolean').toBe(true);
  });
});
