import { describe, expect, it } from 'vitest';
import { displayUnits, hygieneRuleFor, type TGamma, type TUnitSystem } from '@washboard/contracts';
import { renderWeeklyReportMail, type TWeeklyReport } from './weekly-report-template';
import type { TMachineWeek } from './weekly-report-figures';

/** A machine's week with only water to tell: 240 l, 200 l the week before. */
const machine = (serialNumber: string, system: TUnitSystem, gamma: TGamma): TMachineWeek => ({
  serialNumber,
  name: serialNumber,
  cycles: 0,
  judged: 0,
  passed: 0,
  failing: [],
  rule: hygieneRuleFor('undercounter'),
  alarmsOpened: 0,
  alarmCodes: [],
  alarmsOpen: 0,
  units: displayUnits(system, gamma),
  water: { week: 240, previous: 200 },
  energy: { week: 10, previous: 10 },
  chemicals: { week: null, previous: null },
  offlineHours: 0,
  quiet: false,
});

const report = (machines: TMachineWeek[]): TWeeklyReport => ({
  brand: 'LUMINA',
  lang: 'en',
  timeZone: 'Europe/London',
  firstName: 'Kurt',
  start: new Date('2026-11-30T00:00:00Z'),
  end: new Date('2026-12-07T00:00:00Z'),
  machines,
  link: (serial) => `https://washboard.test/device/${serial}`,
});

const lineOf = (text: string, serial: string) =>
  text
    .slice(text.indexOf(serial))
    .split('\n')
    .find((l) => /water/i.test(l)) ?? '';

describe('the weekly report’s water', () => {
  it('is told in US gallons for an imperial machine, and in litres for a Hiline set to °F', () => {
    const { text } = renderWeeklyReportMail(
      report([machine('WB-IMPERIAL', 'imperial', 'infinity'), machine('WB-HILINE', 'imperial', 'hiline')]),
      {
        unsubscribeUrl: 'https://washboard.test/unsubscribe',
        preferenceLabel: 'Weekly report',
      },
    );
    // 240 l = 63.4 gal, 200 l = 52.8 gal.
    expect(lineOf(text, 'WB-IMPERIAL')).toContain('63.4 gal');
    expect(lineOf(text, 'WB-IMPERIAL')).toContain('52.8 gal');
    expect(lineOf(text, 'WB-HILINE')).toContain('240 l');
    expect(lineOf(text, 'WB-HILINE')).not.toContain('gal');
  });
});
