import type { InfiniteData } from '@tanstack/react-query';
import type { TApplianceListPage, TApplianceSummary } from '@washboard/contracts';

/** The device list as the query cache keeps it: the pages loaded so far (and the cursor each was asked with). */
export type TDeviceListPages = InfiniteData<TApplianceListPage>;

/**
 * The machines of every loaded page, in order. A machine is shown once even if two pages both
 * carry it (the list changed between their loads; the next reload sorts it out).
 */
export function loadedDevices(data: TDeviceListPages | undefined): TApplianceSummary[] {
  const seen = new Set<string>();
  const devices: TApplianceSummary[] = [];
  for (const item of data?.pages.flatMap((page) => page.items) ?? []) {
    if (seen.has(item.serialNumber)) continue;
    seen.add(item.serialNumber);
    devices.push(item);
  }
  return devices;
}

/** How many machines match the filters in all, as the most recently loaded page counted them. */
export function matchingDevices(data: TDeviceListPages | undefined): number {
  return data?.pages.at(-1)?.total ?? 0;
}

/**
 * The list with `update` applied to the machine `serialNumber` on whichever loaded page shows it
 * (a push for a machine not loaded yet changes nothing: its page will be loaded fresh).
 */
export function updateListedDevice(
  data: TDeviceListPages | undefined,
  serialNumber: string,
  update: (item: TApplianceSummary) => TApplianceSummary,
): TDeviceListPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((item) => item.serialNumber === serialNumber)) return page;
    changed = true;
    return { ...page, items: page.items.map((item) => (item.serialNumber === serialNumber ? update(item) : item)) };
  });
  return changed ? { ...data, pages } : data;
}
