import { describe, expect, it } from 'vitest';
import { flattenCatalogue } from '../i18n/catalogue-checks';
import { catalogues, SUPPORTED_LANGUAGES } from '../i18n/index';
import { ZTelemetry } from './protocol.schema';
import {
  keptFieldsFor,
  LIVE_FIELDS,
  liveFieldLabel,
  liveFieldsFor,
  runningSetpoints,
  SETPOINT_FIELDS,
  TELEMETRY_FIELDS,
  TELEMETRY_KEYS,
} from './telemetry-fields';

describe('the telemetry fields of the device registry', () => {
  it('name every live field with a text in each language', () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      const texts = flattenCatalogue(catalogues[lang]);
      for (const field of LIVE_FIELDS) expect(texts.get(liveFieldLabel(field)), `${lang} ${field}`).toBeTruthy();
    }
  });

  it('give the full range every live value and the reduced ranges only boiler and tank (device-areas §3)', () => {
    const all = ['boilerTmp', 'tankTmp', 'waterTmp', 'boilerVlm', 'tankVlm', 'rinseWaterVlm', 'rinseWaterFlowRate'];
    expect(liveFieldsFor('infinity')).toEqual(all);
    expect(liveFieldsFor(null)).toEqual(all);
    expect(liveFieldsFor('a range of tomorrow')).toEqual(all);
    for (const gamma of ['hiline', 'prime', 'ge']) {
      expect(liveFieldsFor(gamma)).toEqual(['boilerTmp', 'tankTmp', 'boilerVlm', 'tankVlm']);
      expect(keptFieldsFor(gamma)).toEqual([
        'boilerTmp',
        'tankTmp',
        'boilerVlm',
        'tankVlm',
        'cycleTimeProgress',
        'cycleTimeDuration',
      ]);
    }
    expect(keptFieldsFor('infinity')).toEqual(TELEMETRY_KEYS);
  });

  it('derive the payload schema: each field optional, an integer within its declared range', () => {
    const ts = '2026-11-23T10:00:00.000Z';
    expect(ZTelemetry.safeParse({ ts }).success).toBe(true);
    for (const key of TELEMETRY_KEYS) {
      const { min, max } = TELEMETRY_FIELDS[key];
      expect(ZTelemetry.safeParse({ ts, [key]: min }).success, `${key} at its minimum`).toBe(true);
      expect(ZTelemetry.safeParse({ ts, [key]: max }).success, `${key} at its maximum`).toBe(true);
      expect(ZTelemetry.safeParse({ ts, [key]: min - 1 }).success, `${key} below`).toBe(false);
      expect(ZTelemetry.safeParse({ ts, [key]: max + 1 }).success, `${key} above`).toBe(false);
      expect(ZTelemetry.safeParse({ ts, [key]: min + 0.5 }).success, `${key} not an integer`).toBe(false);
    }
  });
});

describe('runningSetpoints', () => {
  const parameters = { 'dishes.boilerSetpoint': 850, 'dishes.tankSetpoint': 620, 'eco.boilerSetpoint': 820 };

  it("reads the running cycle's boiler and tank setpoints, by the field each is for", () => {
    expect(SETPOINT_FIELDS).toEqual([
      { key: 'boilerTmp', setpoint: 'boilerSetpoint' },
      { key: 'tankTmp', setpoint: 'tankSetpoint' },
    ]);
    expect(runningSetpoints('dishes', parameters)).toEqual({ boilerTmp: 850, tankTmp: 620 });
    expect(runningSetpoints('eco', parameters)).toEqual({ boilerTmp: 820 });
  });

  it('has none outside a cycle, and none the machine has not reported', () => {
    expect(runningSetpoints(null, parameters)).toBeNull();
    expect(runningSetpoints('fast', parameters)).toEqual({});
    expect(runningSetpoints('fast', null)).toEqual({});
  });
});
