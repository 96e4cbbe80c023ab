import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/api-client';
import { fetchApplianceDetail, fetchDevices, fetchLastTelemetry, type TDeviceListQuery } from '../api/devices-api';
import { deviceKeys } from './device-keys';

/** A 404 is an answer, not a glitch: it is not retried. */
const retryUnlessNotFound = (failures: number, error: Error) =>
  !(error instanceof ApiError && (error.status === 404 || error.status === 403)) && failures < 1;

/** The device list; the previous list stays on screen while a new search loads. */
export function useDevices(query: TDeviceListQuery) {
  return useQuery({ queryKey: deviceKeys.list(query), queryFn: () => fetchDevices(query), placeholderData: keepPreviousData });
}

export function useLastTelemetry(serialNumber: string) {
  return useQuery({
    queryKey: deviceKeys.lastTelemetry(serialNumber),
    queryFn: () => fetchLastTelemetry(serialNumber),
    retry: retryUnlessNotFound,
  });
}

export function useApplianceDetail(serialNumber: string) {
  return useQuery({
    queryKey: deviceKeys.detail(serialNumber),
    queryFn: () => fetchApplianceDetail(serialNumber),
    retry: retryUnlessNotFound,
  });
}
