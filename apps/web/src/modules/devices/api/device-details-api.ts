import type {
  TAcknowledgeAlarmRequest,
  TAlarmPerson,
  TAlarmView,
  TDeviceStats,
  TTemperatureHistory,
  TTemperatureHistoryPeriod,
  TThresholdSettings,
  TThresholdView,
} from '@washboard/contracts';
import { apiFetch, apiFetchBlob, eventPath } from '../../api/api-client';

/** A date range as the event-hub calls take it (ISO instants). */
export type TDateRange = { startDate: string; stopDate: string };

/** The lifetime counters the machine reported in the range, oldest first. */
export function fetchStatistics(serialNumber: string, range: TDateRange): Promise<TDeviceStats[]> {
  return apiFetch<TDeviceStats[]>(`${eventPath(serialNumber, 'statistics')}?${new URLSearchParams(range)}`);
}

/** Alarms active at any moment of the range, most recent first. */
export function fetchAlarms(serialNumber: string, range: TDateRange): Promise<TAlarmView[]> {
  return apiFetch<TAlarmView[]>(`${eventPath(serialNumber, 'alarms')}?${new URLSearchParams(range)}`);
}

/** Acknowledges an open alarm as the signed-in user; answers the alarm with its lifecycle. */
export function acknowledgeAlarm(serialNumber: string, alarmId: string, request: TAcknowledgeAlarmRequest): Promise<TAlarmView> {
  return apiFetch<TAlarmView>(eventPath(serialNumber, `alarms/${alarmId}/acknowledge`), {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

/** Assigns an open alarm to someone who sees the machine. */
export function assignAlarm(serialNumber: string, alarmId: string, userId: string): Promise<TAlarmView> {
  return apiFetch<TAlarmView>(eventPath(serialNumber, `alarms/${alarmId}/assign`), {
    method: 'POST',
    body: JSON.stringify({ userId }),
  });
}

/** The people an alarm of the machine can be assigned to. */
export function fetchAlarmAssignees(serialNumber: string): Promise<TAlarmPerson[]> {
  return apiFetch<TAlarmPerson[]>(eventPath(serialNumber, 'alarms/assignees'));
}

/** The machine's threshold notification settings, and whether the caller may change them. */
export function fetchThresholds(serialNumber: string): Promise<TThresholdView> {
  return apiFetch<TThresholdView>(eventPath(serialNumber, 'thresholds'));
}

/** Sets the machine's threshold notification settings (its service, the brand's administrators). */
export function saveThresholds(serialNumber: string, settings: TThresholdSettings): Promise<TThresholdView> {
  return apiFetch<TThresholdView>(eventPath(serialNumber, 'thresholds'), { method: 'PUT', body: JSON.stringify(settings) });
}

export function renameAppliance(serialNumber: string, applianceName: string): Promise<void> {
  return apiFetch(`/api/v1/appliance/updateAppliance?${new URLSearchParams({ serialNumber })}`, {
    method: 'POST',
    body: JSON.stringify({ applianceName }),
  });
}

/** "Delete machine": releases the user's hold on it. */
export function unclaimAppliance(serialNumber: string): Promise<void> {
  return apiFetch(`/api/v1/appliance/unclaim?${new URLSearchParams({ serialNumber })}`, { method: 'POST' });
}

/** A model's document (a PDF, `detail.documents[].url`) fetched with the token: a plain link would carry none. */
export function fetchDocumentFile(url: string): Promise<Blob> {
  return apiFetchBlob(url);
}

/** Temperatures and volumes of a period, min/max per time bucket, with the cycles (docs/hygiene.md). */
export function fetchTemperatureHistory(serialNumber: string, period: TTemperatureHistoryPeriod): Promise<TTemperatureHistory> {
  return apiFetch<TTemperatureHistory>(`${eventPath(serialNumber, 'temperature-history')}?${new URLSearchParams({ period })}`);
}
