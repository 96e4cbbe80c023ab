import { describe, expect, it } from 'vitest';
import {
  FOOD_CODE_LIMITS,
  foodCodeClassFor,
  heatDose,
  HUE_COEFFICIENT,
  HUE_EXPONENT,
  HUE_MIN,
  sanitisingChecks,
  type TSanitisingInput,
} from './heat-dose';
import { ZHaccpEvent } from './protocol.schema';
import { toFahrenheit } from './units';

const constant = (tenths: number, seconds: number) => Array.from({ length: seconds }, () => tenths);

describe('heatDose', () => {
  it('uses the NSF curve: 1,800 s at 143 °F and 15 s at 161 °F are each 1,800 HUE', () => {
    // The anchor points of the milk pasteurisation curve the HUE was fitted to (docs/hygiene.md).
    const perSecond = (fahrenheit: number) => HUE_COEFFICIENT * Math.exp(HUE_EXPONENT * fahrenheit);
    expect(1800 * perSecond(143)).toBeCloseTo(1800, 0);
    expect(15 * perSecond(161)).toBeCloseTo(1800, 0);
  });

  it('gives a constant 82 °C rinse of 10 s 3,477 HUE, short of 3,600 with no extra credit above 165 °F, and A0 15.8', () => {
    // 82 °C = 179.6 °F counts as 165 °F: 3.03438e-17 × e^(0.265972 × 165) = 347.73 HUE a second.
    // HUE: 10 × 347.73 = 3,477.3;  A0: 10 s × 10^((82 − 80) / 10) = 10 × 1.5849 = 15.85
    expect(heatDose(constant(820, 10))).toEqual({ hue: 3477, a0: 15.8, seconds: 10 });
    // One second more passes: 11 × 347.73 = 3,825.1.
    expect(heatDose(constant(820, 11)).hue).toBe(3825);
    // 90 °C is worth no more than 73.9 °C (165.0 °F); 73.8 °C (164.8 °F) is worth less.
    expect(heatDose(constant(900, 10)).hue).toBe(3477);
    expect(heatDose(constant(739, 10)).hue).toBe(3477);
    expect(heatDose(constant(738, 10)).hue).toBe(3332);
  });

  it('sums a ramp sample by sample and counts only the samples above 65 °C in A0', () => {
    // 60, 62, … 84 °C, one sample a second (13 samples).
    const ramp = Array.from({ length: 13 }, (_, i) => 600 + 20 * i);
    // HUE a second at 140.0, 143.6, 147.2, 150.8, 154.4, 158.0, 161.6 °F: 0.45 + 1.17 + 3.06 + 7.96
    //      + 20.74 + 54.04 + 140.77 = 228.19; the six samples from 74 °C (165.2 °F) on, capped:
    //      6 × 347.73 = 2,086.41; in all 2,314.6
    // A0: samples of 66 … 84 °C only: Σ 10^((T − 80)/10) = 0.0398 + 0.0631 + 0.1 + 0.1585 + 0.2512
    //      + 0.3981 + 0.631 + 1 + 1.5849 + 2.5119 = 6.74
    expect(heatDose(ramp)).toEqual({ hue: 2315, a0: 6.7, seconds: 13 });
    expect(heatDose(constant(650, 30)).a0).toBe(0);
  });

  it('leaves a rinse of 41 s at 71.0 °C (159.8 °F) just under 3,600 HUE and one of 42 s over it', () => {
    // 3.03438e-17 × e^(0.265972 × 159.8) = 87.216 a second: 41 × 87.216 = 3,575.9;  42 × = 3,663.1
    expect(heatDose(constant(710, 41)).hue).toBe(3576);
    expect(heatDose(constant(710, 41)).hue).toBeLessThan(HUE_MIN);
    expect(heatDose(constant(710, 42)).hue).toBe(3663);
  });

  it('is zero for an empty trace', () => {
    expect(heatDose([])).toEqual({ hue: 0, a0: 0, seconds: 0 });
  });
});

describe('the rinse trace of a cycle record', () => {
  const record = (rinseTrace: number[]) => ({
    id: '5f0c9a52-8a3e-4d53-9d7a-2f0b0c1d2e3f',
    kind: 'cycle',
    cycleName: 'dishes',
    start: '2026-11-24T10:00:00Z',
    stop: '2026-11-24T10:02:00Z',
    measurements: { washMinTmp: 600, washMaxTmp: 640, rinseMinTmp: 800, rinseMaxTmp: 850 },
    rinseTrace,
  });

  it('takes up to ten minutes of samples and refuses a longer trace or an implausible sample', () => {
    expect(ZHaccpEvent.safeParse(record(constant(850, 600))).success).toBe(true);
    expect(ZHaccpEvent.safeParse(record(constant(850, 601))).success).toBe(false);
    expect(ZHaccpEvent.safeParse(record([850, 2000])).success).toBe(false);
    expect(ZHaccpEvent.safeParse(record([850, 84.5])).success).toBe(false);
  });
});

describe('Food Code rules by machine class', () => {
  const input = (washTmp: number, rinseTmp: number, hue: number | null): TSanitisingInput => ({
    washTmp,
    rinseTmp,
    heatDose: hue === null ? null : { hue, a0: 0, seconds: 15 },
  });
  const missed = (i: TSanitisingInput, cls: Parameters<typeof sanitisingChecks>[1]) =>
    sanitisingChecks(i, cls)
      .filter((c) => !c.met)
      .map((c) => c.rule);

  it('holds stationary single-temperature machines to 165 °F wash and 165 °F rinse (4-501.110(A)(1), 4-501.112(A)(1))', () => {
    expect(Math.round(toFahrenheit(FOOD_CODE_LIMITS.stationarySingle.washMin))).toBe(165);
    expect(missed(input(740, 740, 4000), 'stationarySingle')).toEqual([]);
    expect(missed(input(739, 739, 4000), 'stationarySingle')).toEqual(['washMin', 'rinseMin']);
  });

  it('holds stationary dual-temperature machines to 150 °F wash and 180 °F rinse', () => {
    expect(Math.round(toFahrenheit(FOOD_CODE_LIMITS.stationaryDual.washMin))).toBe(151);
    expect(missed(input(660, 820, 4000), 'stationaryDual')).toEqual([]);
    expect(missed(input(650, 819, 4000), 'stationaryDual')).toEqual(['washMin', 'rinseMin']);
  });

  it('holds conveyors to 150 °F wash and 180 °F rinse', () => {
    expect(missed(input(660, 820, 4000), 'conveyor')).toEqual([]);
    expect(missed(input(659, 830, 4000), 'conveyor')).toEqual(['washMin']);
  });

  it('refuses a hot-water rinse above 194 °F (90 °C) at the manifold (4-501.112(A))', () => {
    expect(Math.round(toFahrenheit(900))).toBe(194);
    expect(missed(input(700, 900, 4000), 'stationaryDual')).toEqual([]);
    expect(missed(input(700, 901, 4000), 'stationaryDual')).toEqual(['rinseMax']);
  });

  it('fails a heat-sanitising rinse under 3,600 HUE and passes one at exactly 3,600', () => {
    expect(missed(input(700, 850, 3599), 'stationaryDual')).toEqual(['hue']);
    expect(sanitisingChecks(input(700, 850, 3600), 'stationaryDual')[0]).toEqual({
      rule: 'hue',
      value: 3600,
      limit: 3600,
      met: true,
    });
  });

  it('judges chemical-sanitising machines by 120 °F wash and the sanitiser temperature, without HUE or maximum', () => {
    const checks = sanitisingChecks(input(490, 240, 10), 'chemical');
    expect(checks.map((c) => c.rule)).toEqual(['washMin', 'rinseMin']);
    expect(checks.every((c) => c.met)).toBe(true);
    expect(missed(input(489, 239, null), 'chemical')).toEqual(['washMin', 'rinseMin']);
  });

  it('leaves out the HUE rule of a cycle reported without a trace', () => {
    expect(sanitisingChecks(input(700, 850, null), 'conveyor').map((c) => c.rule)).toEqual(['washMin', 'rinseMin', 'rinseMax']);
  });

  it('classes our undercounter and hood machines as stationary dual-temperature and rack machines as conveyors', () => {
    expect(foodCodeClassFor('undercounter')).toBe('stationaryDual');
    expect(foodCodeClassFor('hood')).toBe('stationaryDual');
    expect(foodCodeClassFor('rack')).toBe('conveyor');
    expect(foodCodeClassFor('somethingNew')).toBe('stationaryDual');
  });
});
