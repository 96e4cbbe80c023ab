import { describe, expect, it } from 'vitest';
import type { TApplianceListPage, TApplianceSummary } from '@washboard/contracts';
import { loadedDevices, matchingDevices, updateListedDevice, type TDeviceListPages } from './device-list-pages';

function machine(serialNumber: string): TApplianceSummary {
  return {
    serialNumber,
    applianceName: serialNumber,
    modelNumber: 'WB-500',
    gamma: 'infinity',
    brand: 'LUMINA',
    companyCode: null,
    companyName: null,
    connectivity: 'wifi',
    status: {
      online: false,
      lastSeenAt: null,
      systemState: null,
      cycleType: null,
      cycleNumber: null,
      updating: false,
      unitSystem: 'metric',
      setpoints: null,
    },
    telemetry: null,
    openAlarms: 0,
  };
}

function pages(...serials: string[][]): TDeviceListPages {
  const list: TApplianceListPage[] = serials.map((page, i) => ({
    items: page.map(machine),
    total: 5,
    nextCursor: i < serials.length - 1 ? `c${i}` : null,
  }));
  return { pages: list, pageParams: list.map((_, i) => (i === 0 ? undefined : `c${i - 1}`)) };
}

describe('device list pages', () => {
  it('shows the machines of every loaded page in order, each once, and the latest total', () => {
    const data = pages(['A', 'B'], ['C', 'B'], ['D']);
    expect(loadedDevices(data).map((m) => m.serialNumber)).toEqual(['A', 'B', 'C', 'D']);
    expect(matchingDevices({ ...data, pages: [...data.pages.slice(0, 2), { items: [], total: 4, nextCursor: null }] })).toBe(4);
    expect(loadedDevices(undefined)).toEqual([]);
    expect(matchingDevices(undefined)).toBe(0);
  });

  it('applies a live update to the page showing the machine and leaves the other pages as they were', () => {
    const data = pages(['A', 'B'], ['C', 'D']);
    const updated = updateListedDevice(data, 'C', (m) => ({ ...m, status: { ...m.status, online: true } }));
    expect(updated?.pages[0]).toBe(data.pages[0]);
    expect(updated?.pages[1]?.items.map((m) => m.status.online)).toEqual([true, false]);
    expect(updated?.pageParams).toBe(data.pageParams);
    // A machine on no loaded page: nothing changes (not even the object).
    expect(updateListedDevice(data, 'Z', (m) => ({ ...m, openAlarms: 9 }))).toBe(data);
    expect(updateListedDevice(undefined, 'A', (m) => m)).toBeUndefined();
  });
});
