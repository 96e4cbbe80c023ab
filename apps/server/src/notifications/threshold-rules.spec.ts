import { describe, expect, it } from 'vitest';
import { THRESHOLD_DEFAULTS } from '@washboard/contracts';
import { machineTimeZone, openMinutesBetween, usageVerdicts } from './threshold-rules';

const WEEKDAYS = { days: [1, 2, 3, 4, 5], opensAt: '08:00', closesAt: '18:00' };

describe('openMinutesBetween', () => {
  it('counts only the opening hours of opening days, on the machine’s wall clock', () => {
    // Friday 2026-11-20 17:00 Rome (16:00 UTC) to Monday 09:30 Rome: an hour on Friday, 90 minutes on Monday.
    expect(openMinutesBetween(new Date('2026-11-20T16:00:00Z'), new Date('2026-11-23T08:30:00Z'), WEEKDAYS, 'Europe/Rome')).toBe(
      150,
    );
  });

  it('follows a change to summer time', () => {
    // Sunday 2026-03-29 is 23 hours long in Rome; opening 00:00–24:00 that day holds 23 hours.
    const allDay = { days: [7], opensAt: '00:00', closesAt: '24:00' };
    const from = new Date('2026-03-28T23:00:00Z'); // 00:00 Rome (winter time)
    const to = new Date('2026-03-29T22:00:00Z'); // 00:00 Rome the next day (summer time)
    expect(openMinutesBetween(from, to, allDay, 'Europe/Rome')).toBe(23 * 60);
  });
});

describe('machineTimeZone', () => {
  const installed = (timeZone: string) => ({ timeZone, country: 'FR' });

  it("is the zone the machine was installed with, whatever its record's country", () => {
    expect(machineTimeZone(installed('Pacific/Tahiti'), 'IT')).toBe('Pacific/Tahiti');
  });

  it('falls back to the installed country, then to the record’s, then to Rome', () => {
    // A zone this runtime does not know (a later time-zone database named it): the installed country's.
    expect(machineTimeZone(installed('Mars/Olympus_Mons'), 'IT')).toBe('Europe/Paris');
    expect(machineTimeZone(null, 'DE')).toBe('Europe/Berlin');
    expect(machineTimeZone(undefined, null)).toBe('Europe/Rome');
  });
});

describe('usageVerdicts', () => {
  const facts = (perCycleToday: number) => ({
    cyclesToday: 10,
    waterToday: perCycleToday * 10 * 10,
    energyToday: 10_000,
    cyclesBefore: 140,
    waterBefore: 140 * 100,
    energyBefore: 140_000,
  });

  it('fires above the factor and clears only half-way back (hysteresis)', () => {
    const none = new Set<never>();
    expect(usageVerdicts(facts(15), THRESHOLD_DEFAULTS, none).get('waterHigh')?.active).toBe(false);
    expect(usageVerdicts(facts(16), THRESHOLD_DEFAULTS, none).get('waterHigh')?.active).toBe(true);
    const held = new Set(['waterHigh' as const]);
    expect(usageVerdicts(facts(13), THRESHOLD_DEFAULTS, held).get('waterHigh')?.active).toBe(true);
    expect(usageVerdicts(facts(12.5), THRESHOLD_DEFAULTS, held).get('waterHigh')?.active).toBe(false);
  });

  it('does not judge a day with too few cycles', () => {
    expect(usageVerdicts({ ...facts(30), cyclesToday: 4 }, THRESHOLD_DEFAULTS, new Set()).has('waterHigh')).toBe(false);
  });
});
