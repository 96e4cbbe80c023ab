import type {
  TApplianceCompany,
  TApplianceConnectivityFilter,
  TApplianceDetail,
  TApplianceListPage,
  TClaimRequest,
  TGamma,
  TLastTelemetry,
} from '@washboard/contracts';
import { apiFetch, eventPath } from '../../api/api-client';

export type TDeviceSort = 'asc' | 'desc';
/** The device list's filters, as the URL and the API carry them; empty = not filtered. */
export type TDeviceListQuery = {
  q: string;
  sort: TDeviceSort;
  companyCode?: string;
  gamma?: TGamma | 'none';
  connectivity?: TApplianceConnectivityFilter;
};

/**
 * One page of the machines the user may see, filtered (on the server, in SQL) and sorted by name:
 * the first one, or the one after `after` (the previous page's `nextCursor`). The page size is the
 * server's default (`APPLIANCE_LIST_PAGE_SIZE`).
 */
export function fetchDevices(
  { q, sort, companyCode, gamma, connectivity }: TDeviceListQuery,
  after?: string,
): Promise<TApplianceListPage> {
  const query = new URLSearchParams({ sort });
  if (q.trim()) query.set('q', q.trim());
  if (companyCode) query.set('companyCode', companyCode);
  if (gamma) query.set('gamma', gamma);
  if (connectivity && connectivity !== 'all') query.set('connectivity', connectivity);
  if (after) query.set('after', after);
  return apiFetch<TApplianceListPage>(`/api/v1/appliance/devices?${query}`);
}

/** The service companies of the user's machines (the company filter's choices). */
export function fetchDeviceCompanies(): Promise<TApplianceCompany[]> {
  return apiFetch<TApplianceCompany[]>('/api/v1/appliance/devices/companies');
}

/** Add Device: binds the machine showing `activationCode` to the user. */
export function claimDevice(request: Omit<TClaimRequest, 'userId' | 'userEmail'>): Promise<void> {
  return apiFetch('/api/v1/appliance/claim', { method: 'POST', body: JSON.stringify(request) });
}

/** The live values of the machine's range and its status. */
export function fetchLastTelemetry(serialNumber: string): Promise<TLastTelemetry> {
  return apiFetch<TLastTelemetry>(eventPath(serialNumber, 'lastTelemetry'));
}

export function fetchApplianceDetail(serialNumber: string): Promise<TApplianceDetail> {
  return apiFetch<TApplianceDetail>(`/api/v1/appliance/getApplianceDetail?${new URLSearchParams({ serialNumber })}`);
}
