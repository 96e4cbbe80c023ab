import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAcknowledgeAlarmRequest,
  TAlarmView,
  TApplianceDetail,
  TTemperatureHistoryPeriod,
  TThresholdSettings,
} from '@washboard/contracts';
import {
  acknowledgeAlarm,
  assignAlarm,
  fetchAlarmAssignees,
  fetchAlarms,
  fetchStatistics,
  fetchTemperatureHistory,
  fetchThresholds,
  renameAppliance,
  saveThresholds,
  unclaimAppliance,
  type TDateRange,
} from '../api/device-details-api';
import { withPushedAlarms } from '../live/pushed-alarms';
import { deviceKeys } from './device-keys';

const DAY_MS = 86_400_000;
/** The alarm register covers the last twelve months (docs/decisions.md). */
export const ALARM_REGISTER_DAYS = 365;

/** Query keys of the details page, under the device keys so a reconnect reloads them too. */
export const detailKeys = {
  statistics: (serialNumber: string, days: number) => [...deviceKeys.all, 'statistics', serialNumber, days] as const,
  alarms: (serialNumber: string) => [...deviceKeys.all, 'alarms', serialNumber] as const,
  temperatureHistory: (serialNumber: string, period: TTemperatureHistoryPeriod) =>
    [...deviceKeys.all, 'temperatureHistory', serialNumber, period] as const,
  assignees: (serialNumber: string) => [...deviceKeys.all, 'alarmAssignees', serialNumber] as const,
  thresholds: (serialNumber: string) => [...deviceKeys.all, 'thresholds', serialNumber] as const,
};

/** The machine's threshold notification settings. */
export function useThresholds(serialNumber: string) {
  return useQuery({ queryKey: detailKeys.thresholds(serialNumber), queryFn: () => fetchThresholds(serialNumber) });
}

/** Saves them; the answer replaces the cached settings. */
export function useSaveThresholds(serialNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TThresholdSettings) => saveThresholds(serialNumber, settings),
    onSuccess: (view) => client.setQueryData(detailKeys.thresholds(serialNumber), view),
  });
}

/** The machine's temperature history of a period; the live values extend it on the page (TemperatureHistory). */
export function useTemperatureHistory(serialNumber: string, period: TTemperatureHistoryPeriod) {
  return useQuery({
    queryKey: detailKeys.temperatureHistory(serialNumber, period),
    queryFn: () => fetchTemperatureHistory(serialNumber, period),
    placeholderData: (previous) => previous,
  });
}

/** The last `days` days up to now (the end a minute ahead: the machine's clock may run a little fast). */
function lastDays(days: number): TDateRange {
  const now = Date.now();
  return { startDate: new Date(now - days * DAY_MS).toISOString(), stopDate: new Date(now + 60_000).toISOString() };
}

/**
 * Counters reported before the period asked for, fetched too: the usage of its first day, or of the
 * week its first day falls in, is the growth since the report before that period began.
 */
const USAGE_LEAD_DAYS = 7;

/** The counter reports of the last `days` days (`reports`, from `from` on) and the week before them (`all`). */
export function useStatisticsHistory(serialNumber: string, days: number) {
  return useQuery({
    queryKey: detailKeys.statistics(serialNumber, days),
    queryFn: async () => {
      const range = lastDays(days);
      const from = Date.parse(range.startDate);
      const startDate = new Date(from - USAGE_LEAD_DAYS * DAY_MS).toISOString();
      const all = await fetchStatistics(serialNumber, { ...range, startDate });
      return { from, all, reports: all.filter((report) => Date.parse(report.ts) >= from) };
    },
  });
}

export function useAlarmRegister(serialNumber: string) {
  return useQuery({
    queryKey: detailKeys.alarms(serialNumber),
    queryFn: async () => withPushedAlarms(serialNumber, await fetchAlarms(serialNumber, lastDays(ALARM_REGISTER_DAYS))),
  });
}

export function useRenameAppliance(serialNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (applianceName: string) => renameAppliance(serialNumber, applianceName),
    onSuccess: (_, applianceName) => {
      client.setQueryData<TApplianceDetail>(deviceKeys.detail(serialNumber), (d) => (d ? { ...d, applianceName } : d));
      void client.invalidateQueries({ queryKey: deviceKeys.lists });
    },
  });
}

export function useUnclaimAppliance(serialNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unclaimAppliance(serialNumber),
    onSuccess: () => {
      client.removeQueries({ queryKey: deviceKeys.detail(serialNumber) });
      void client.invalidateQueries({ queryKey: deviceKeys.lists });
    },
  });
}

/** The answered alarm replaces its row in the register. */
function useStoreAlarm(serialNumber: string) {
  const client = useQueryClient();
  return (alarm: TAlarmView) =>
    client.setQueryData<TAlarmView[]>(detailKeys.alarms(serialNumber), (register) =>
      register?.map((a) => (a.id === alarm.id ? alarm : a)),
    );
}

export function useAcknowledgeAlarm(serialNumber: string) {
  const store = useStoreAlarm(serialNumber);
  return useMutation({
    mutationFn: ({ alarmId, request }: { alarmId: string; request: TAcknowledgeAlarmRequest }) =>
      acknowledgeAlarm(serialNumber, alarmId, request),
    onSuccess: store,
  });
}

export function useAssignAlarm(serialNumber: string) {
  const store = useStoreAlarm(serialNumber);
  return useMutation({
    mutationFn: ({ alarmId, userId }: { alarmId: string; userId: string }) => assignAlarm(serialNumber, alarmId, userId),
    onSuccess: store,
  });
}

/** Who an alarm of the machine can be assigned to; loaded when the dialog opens. */
export function useAlarmAssignees(serialNumber: string) {
  return useQuery({ queryKey: detailKeys.assignees(serialNumber), queryFn: () => fetchAlarmAssignees(serialNumber) });
}
