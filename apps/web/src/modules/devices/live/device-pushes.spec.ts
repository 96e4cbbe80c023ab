import { describe, expect, it } from 'vitest';
import type { TApplianceDetail, TApplianceListPage, TApplianceSummary, TLastTelemetry } from '@washboard/contracts';
import {
  detailWith,
  lastTelemetryWith,
  lastTelemetryWithParameters,
  listWith,
  pageWith,
  startsOtherCycle,
} from './device-pushes';

const status = {
  online: true,
  lastSeenAt: '2026-12-02T10:00:00.000Z',
  systemState: 4,
  cycleType: 'eco',
  cycleNumber: 7,
  updating: true,
  unitSystem: 'imperial',
  setpoints: { boilerTmp: 850, tankTmp: 620 },
} as const;

const detail = {
  serialNumber: 'SN-1',
  fw00: '1.0.0',
  fw02: '2.0.0',
  status,
  versions: { fw00: '1.0.0', fw02: '2.0.0', connectivity: '3.0.0', control: '4.0.0' },
  fota: { perc: 40, inProg: true, version: '1.1.0' },
} as TApplianceDetail;

const item = (serialNumber: string) => ({ serialNumber, status, telemetry: null }) as unknown as TApplianceSummary;

describe('what a push changes in the device data held', () => {
  it('ends a firmware update in the details when its machine runs the version being installed', () => {
    const versions = { fw00: '1.1.0', fw02: '2.0.0', connectivity: '3.0.0', control: '4.0.0' };
    const after = detailWith(detail, { type: 'versions', serialNumber: 'SN-1', versions });
    expect(after).toMatchObject({ fw00: '1.1.0', versions, fota: { perc: 100, inProg: false, version: '1.1.0' } });
    expect(after.status.updating).toBe(false);
    const other = detailWith(detail, { type: 'versions', serialNumber: 'SN-1', versions: { ...versions, fw00: '1.0.1' } });
    expect(other.fota).toEqual(detail.fota);
  });

  it('takes firmware progress and status into the details, and leaves another machine’s details as they are', () => {
    const progress = detailWith(detail, { type: 'fotaStatus', serialNumber: 'SN-1', perc: 100, inProg: false });
    expect(progress.fota).toEqual({ perc: 100, inProg: false, version: '1.1.0' });
    expect(progress.status.updating).toBe(false);
    const offline = detailWith(detail, {
      ...status,
      type: 'status',
      serialNumber: 'SN-1',
      online: false,
      ts: '2026-12-02T10:05:00.000Z',
    });
    // The unit system is not in a status push: the machine's stays.
    expect(offline.status).toMatchObject({
      online: false,
      lastSeenAt: '2026-12-02T10:05:00.000Z',
      updating: true,
      unitSystem: 'imperial',
    });
    expect(detailWith(detail, { type: 'fotaStatus', serialNumber: 'SN-2', perc: 0, inProg: false })).toBe(detail);
  });

  it('changes only the listed machine the push is about, and a page without it not at all', () => {
    const page = { items: [item('SN-1'), item('SN-2')], total: 2, nextCursor: null } as unknown as TApplianceListPage;
    const after = pageWith(page, { type: 'fotaStatus', serialNumber: 'SN-2', perc: 100, inProg: false });
    expect(after.items.map((i) => i.status.updating)).toEqual([true, false]);
    expect(after.items[0]).toBe(page.items[0]);
    expect(pageWith(page, { type: 'fotaStatus', serialNumber: 'SN-9', perc: 1, inProg: true })).toBe(page);
  });

  it('brings every loaded page of a list up to date, and keeps a list the push is not about', () => {
    const page = (serials: string[]) =>
      ({ items: serials.map(item), total: 3, nextCursor: null }) as unknown as TApplianceListPage;
    const list = { pages: [page(['SN-1', 'SN-2']), page(['SN-3'])], pageParams: [undefined, 'c'] };
    const after = listWith(list, { type: 'fotaStatus', serialNumber: 'SN-3', perc: 100, inProg: false });
    expect(after.pages.map((p) => p.items.map((i) => i.status.updating))).toEqual([[true, true], [false]]);
    expect(after.pages[0]).toBe(list.pages[0]);
    expect(listWith(list, { type: 'fotaStatus', serialNumber: 'SN-9', perc: 1, inProg: true })).toBe(list);
  });

  it('keeps the cycle progress of the live values in step with a status push', () => {
    const last: TLastTelemetry = {
      serialNumber: 'SN-1',
      telemetry: { ts: '2026-12-02T10:00:00.000Z', cycleTimeProgress: 30, cycleTimeDuration: 120 },
      status,
      cycleProgress: 25,
    };
    const idle = lastTelemetryWith(last, {
      ...status,
      type: 'status',
      serialNumber: 'SN-1',
      systemState: 2,
      cycleType: null,
      ts: status.lastSeenAt,
    });
    expect(idle.status.systemState).toBe(2);
    expect(idle.cycleProgress).not.toBe(25);
  });

  it("keeps the running cycle's setpoints while it runs, and forgets them with another cycle or none", () => {
    const last: TLastTelemetry = { serialNumber: 'SN-1', telemetry: null, status, cycleProgress: 0 };
    const push = (cycleType: 'eco' | 'dishes' | null) =>
      ({
        type: 'status',
        serialNumber: 'SN-1',
        online: true,
        systemState: cycleType ? 4 : 2,
        cycleType,
        cycleNumber: 8,
        ts: status.lastSeenAt,
      }) as const;
    expect(lastTelemetryWith(last, push('eco')).status.setpoints).toEqual({ boilerTmp: 850, tankTmp: 620 });
    expect(lastTelemetryWith(last, push('dishes')).status.setpoints).toBeNull();
    expect(lastTelemetryWith(last, push(null)).status.setpoints).toBeNull();
    // Another cycle's setpoints are read again; the same cycle, an end or another machine need no read.
    expect(startsOtherCycle(last, push('dishes'))).toBe(true);
    expect(startsOtherCycle(last, push('eco'))).toBe(false);
    expect(startsOtherCycle(last, push(null))).toBe(false);
    expect(startsOtherCycle(last, { ...push('dishes'), serialNumber: 'SN-2' })).toBe(false);
    expect(startsOtherCycle(undefined, push('dishes'))).toBe(false);
  });

  it("shows a running cycle's setpoint changed by a parameter save, and nothing else", () => {
    const last: TLastTelemetry = { serialNumber: 'SN-1', telemetry: null, status, cycleProgress: 0 };
    const saved = lastTelemetryWithParameters(last, { 'eco.boilerSetpoint': 860, 'dishes.tankSetpoint': 600, S2: 800 });
    expect(saved.status.setpoints).toEqual({ boilerTmp: 860, tankTmp: 620 });
    expect(lastTelemetryWithParameters(last, { 'dishes.boilerSetpoint': 830 })).toBe(last);
    const idle = { ...last, status: { ...status, systemState: 2, cycleType: null, setpoints: null } };
    expect(lastTelemetryWithParameters(idle, { 'eco.boilerSetpoint': 860 })).toBe(idle);
  });
});
