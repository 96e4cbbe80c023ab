import { describe, expect, it } from 'vitest';
import { ALARM_CODES, ALARM_SEVERITIES, ALARMS, alarmByCode, alarmsFor, isAlarmCode, OVER_TEMPERATURE } from './alarms';
import { toCelsius, toFahrenheit } from './units';

const range = (prefix: string, from: number, to: number, width = 2): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(width, '0')}`);

const FAMILIES = [
  ...range('AN', 1, 13),
  ...range('CM', 1, 4),
  ...range('FB', 1, 30),
  ...range('HW', 1, 10),
  ...range('OH', 1, 2),
  ...range('P', 1, 7),
  ...range('T', 1, 17),
  ...range('TH', 1, 2),
  ...range('W', 1, 9),
  ...range('OL', 1, 2),
];
const HILINE_SET = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A9', 'A10', 'H1', 'H2', 'H3', 'F1', 'F2', 'F3', 'F4', 'F5'];

describe('alarm catalogue', () => {
  it('has every code of every family of §8 and the Hiline set, once, in order', () => {
    expect(ALARM_CODES).toEqual([...FAMILIES, ...HILINE_SET]);
    expect(ALARMS).toHaveLength(112);
  });

  it('has no A7 or A8', () => {
    expect(alarmByCode('A7')).toBeUndefined();
    expect(alarmByCode('A8')).toBeUndefined();
  });

  it('gives each alarm a family from its letters', () => {
    expect(alarmByCode('TH01')?.family).toBe('TH');
    expect(alarmByCode('T16')?.family).toBe('T');
    expect(alarmByCode('AN13')?.family).toBe('AN');
    expect(alarmByCode('A10')?.family).toBe('A');
    expect(alarmByCode('OL02')?.family).toBe('OL');
  });

  it('gives each alarm a severity and one to five distinct solutions', () => {
    for (const alarm of ALARMS) {
      expect(ALARM_SEVERITIES, alarm.code).toContain(alarm.severity);
      expect(alarm.solutions.length, alarm.code).toBeGreaterThanOrEqual(1);
      expect(alarm.solutions.length, alarm.code).toBeLessThanOrEqual(5);
      expect(new Set(alarm.solutions).size, alarm.code).toBe(alarm.solutions.length);
    }
  });

  it('sends the Hiline set on Hiline only and the other families on the other ranges', () => {
    expect(alarmsFor('hiline').map((a) => a.code)).toEqual(HILINE_SET);
    for (const gamma of ['infinity', 'prime', 'ge'] as const) {
      expect(alarmsFor(gamma).map((a) => a.code)).toEqual(FAMILIES);
    }
  });

  it('keeps the solutions the spec gives', () => {
    expect(alarmByCode('OH01')?.solutions[0]).toBe('waitCoolDown');
    expect(alarmByCode('OH02')?.solutions[0]).toBe('waitCoolDown');
    expect(alarmByCode('A2')?.solutions[0]).toBe('waitCoolDown');
    expect(alarmByCode('W07')?.solutions).toContain('disableFlowmeter');
    expect(alarmByCode('OH01')?.severity).toBe('high');
  });

  it('finds a code whatever its case or surrounding spaces, and nothing else', () => {
    expect(alarmByCode(' oh01 ')?.code).toBe('OH01');
    expect(alarmByCode('ZZ01')).toBeUndefined();
    expect(isAlarmCode('FB30')).toBe(true);
    expect(isAlarmCode('FB31')).toBe(false);
    expect(isAlarmCode(7)).toBe(false);
  });

  it('puts the over-temperature limits at 105 °C (221 °F) and 102 °C (215 °F, rounded down)', () => {
    expect(toCelsius(OVER_TEMPERATURE.alarmAbove)).toBe(105);
    expect(toFahrenheit(OVER_TEMPERATURE.alarmAbove)).toBe(221);
    expect(toCelsius(OVER_TEMPERATURE.restartBelow)).toBe(102);
    expect(Math.floor(toFahrenheit(OVER_TEMPERATURE.restartBelow))).toBe(215);
  });
});
