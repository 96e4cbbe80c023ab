import type { TApplianceDetail, TApplianceSummary, TLastTelemetry } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

export type TDeviceSort = 'asc' | 'desc';
export type TDeviceListQuery = { q: string; sort: TDeviceSort };

/** The machines the user may see, filtered by name or serial number and sorted by name. */
export function fetchDevices({ q, sort }: TDeviceListQuery): Promise<TApplianceSummary[]> {
  const query = new URLSearchParams({ sort });
  if (q.trim()) query.set('q', q.trim());
  return apiFetch<TApplianceSummary[]>(`/api/v1/appliance/devices?${query}`);
}

/** The live values of the machine's range and its status. */
export function fetchLastTelemetry(serialNumber: string): Promise<TLastTelemetry> {
  return apiFetch<TLastTelemetry>(`/api/v1/event-hub-listener/event/${encodeURIComponent(serialNumber)}/lastTelemetry`);
}

export function fetchApplianceDetail(serialNumber: string): Promise<TApplianceDetail> {
  return apiFetch<TApplianceDetail>(`/api/v1/appliance/getApplianceDetail?${new URLSearchParams({ serialNumber })}`);
}
