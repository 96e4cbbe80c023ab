import { detailWith, lastTelemetryWith, pageWith } from '../live/device-pushes';
import { readThenReplay } from '../live/push-log';
import { withPushedTelemetry } from '../live/pushed-telemetry';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { displayUnits, type TUnitSystemOption } from '@washboard/contracts';
import { isNotFound } from '../../api/api-client';
import { fetchApplianceDetail, fetchDevices, fetchLastTelemetry, type TDeviceListQuery } from '../api/devices-api';
import { deviceKeys } from './device-keys';

/** A 404 is an answer, not a glitch: it is not retried. */
const retryUnlessNotFound = (failures: number, error: Error) => !isNotFound(error) && failures < 1;

/**
 * The device list, a page at a time (the server's page size): `fetchNextPage` loads the page after
 * the last one loaded. Other filters or sort start again from the first page, the previous list
 * staying on screen while it loads; a reload (add, delete, rename, a claim elsewhere) fetches again
 * from the first page, as many pages as were loaded, each after the fresh one before it.
 */
export function useDevices(query: TDeviceListQuery) {
  return useInfiniteQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ pageParam }) => readThenReplay(() => fetchDevices(query, pageParam), pageWith),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useLastTelemetry(serialNumber: string) {
  return useQuery({
    queryKey: deviceKeys.lastTelemetry(serialNumber),
    queryFn: async () => withPushedTelemetry(await readThenReplay(() => fetchLastTelemetry(serialNumber), lastTelemetryWith)),
    retry: retryUnlessNotFound,
  });
}

export function useApplianceDetail(serialNumber: string) {
  return useQuery({
    queryKey: deviceKeys.detail(serialNumber),
    queryFn: () => readThenReplay(() => fetchApplianceDetail(serialNumber), detailWith),
    retry: retryUnlessNotFound,
  });
}

/**
 * The units a machine's values are shown in (its unit system and range, `displayUnits`), from its
 * details and last telemetry as the page holds them; metric until they are known.
 */
export function useMachineUnits(serialNumber: string): TUnitSystemOption {
  const detail = useApplianceDetail(serialNumber).data;
  const last = useLastTelemetry(serialNumber).data;
  return displayUnits((last?.status ?? detail?.status)?.unitSystem ?? 'metric', detail?.gamma);
}
