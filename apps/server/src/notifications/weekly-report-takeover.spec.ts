import { describe, expect, it } from 'vitest';
import type { TMachineWeekRow, TReportUser } from './weekly-report.repository';
import { weekShown } from './weekly-report.service';

const DAY = 86_400_000;
const week = {
  previousStart: new Date('2026-11-23T00:00:00Z'),
  start: new Date('2026-11-30T00:00:00Z'),
  end: new Date('2026-12-07T00:00:00Z'),
};
const kitchen: TReportUser = {
  id: 'u-kitchen',
  brand: 'LUMINA',
  role: 'KITCHEN_MANAGER',
  email: 'k@kitchen.test',
  firstName: 'K',
  language: 'en',
  country: null,
  wanted: true,
};
/** A machine the kitchen owns, its figures of the week and of the week before. */
const machine = (ownerSince: Date | null): TMachineWeekRow => ({
  serialNumber: 'SN1',
  name: 'Alpha',
  type: 'undercounter',
  alarmsOpened: 1,
  alarmCodes: ['W03'],
  alarmsOpen: 0,
  offlineSeconds: 0,
  unitParameters: null,
  countersBeforePrevious: { totalWater: 1000, energy: 5000 },
  countersBeforeWeek: { totalWater: 2000, energy: 10000 },
  countersAtEnd: { totalWater: 3500, energy: 18000 },
  gamma: 'infinity',
  previousRinses: { dishes: [1, 1, 30] },
  dosing: null,
  ownerUserId: kitchen.id,
  ownerSince,
  companySince: null,
  customerSince: null,
});

/**
 * docs/permissions.md, "A machine that changes hands": a kitchen's weekly report never mixes in the
 * days a machine spent with an earlier kitchen.
 */
describe('the weekly report of a machine that changed hands', () => {
  it('reports the whole week, with the week before, of a machine the kitchen had before both', () => {
    expect(weekShown(kitchen, machine(null), week)).toEqual(machine(null));
    const long = machine(new Date(week.previousStart.getTime() - DAY));
    expect(weekShown(kitchen, long, week)).toEqual(long);
  });

  it('leaves the machine out of the report of the week it came to the kitchen', () => {
    expect(weekShown(kitchen, machine(new Date(week.start.getTime() + 2 * DAY)), week)).toBeUndefined();
  });

  it('reports the first whole week without comparing it with the week before, partly the earlier kitchen’s', () => {
    const shown = weekShown(kitchen, machine(new Date(week.previousStart.getTime() + 3 * DAY)), week);
    expect(shown).toMatchObject({ countersBeforeWeek: { totalWater: 2000 }, countersAtEnd: { totalWater: 3500 } });
    expect(shown?.countersBeforePrevious).toBeNull();
    expect(shown?.previousRinses).toBeNull();
  });

  it('gives the service the whole week whoever holds the machine', () => {
    const taken = machine(new Date(week.start.getTime() + 2 * DAY));
    expect(weekShown({ ...kitchen, id: 'u-tech', role: 'SERVICE' }, taken, week)).toEqual(taken);
  });
});
