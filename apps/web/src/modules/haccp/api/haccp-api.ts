import type {
  THaccpAlarmView,
  THaccpCloseOutView,
  THaccpCorrectionRequest,
  THaccpCorrectionView,
  THaccpEventView,
  THaccpVerification,
} from '@washboard/contracts';
import { apiFetch, apiFetchBlob, eventPath } from '../../api/api-client';

/** A period of whole days (YYYY-MM-DD, both included), as the HACCP calls take it. */
export type THaccpPeriod = { startDate: string; stopDate: string };

/** The exports: the two PDF reports, both as CSV, and the raw telemetry as CSV (at most 31 days). */
export type THaccpReport = 'events' | 'alarms' | 'eventsCsv' | 'alarmsCsv' | 'telemetryCsv';

const REPORT_PATHS: Record<THaccpReport, { path: string; name: string; extension: string }> = {
  events: { path: 'events/export', name: 'events', extension: 'pdf' },
  alarms: { path: 'alarms/export', name: 'alarms', extension: 'pdf' },
  eventsCsv: { path: 'events/export.csv', name: 'events', extension: 'csv' },
  alarmsCsv: { path: 'alarms/export.csv', name: 'alarms', extension: 'csv' },
  telemetryCsv: { path: 'telemetry/export.csv', name: 'telemetry', extension: 'csv' },
};

/** HACCP events that started in the period, most recent first, each cycle with its hygiene verdict. */
export function fetchHaccpEvents(serialNumber: string, period: THaccpPeriod): Promise<THaccpEventView[]> {
  return apiFetch<THaccpEventView[]>(`${eventPath(serialNumber, 'events')}?${new URLSearchParams(period)}`);
}

/** Alarms active at any moment of the period, most recent first. */
export function fetchHaccpAlarms(serialNumber: string, period: THaccpPeriod): Promise<THaccpAlarmView[]> {
  return apiFetch<THaccpAlarmView[]>(`${eventPath(serialNumber, 'alarms')}?${new URLSearchParams(period)}`);
}

/**
 * One of the reports, made by the server in the interface language (the client's
 * Accept-Language) with times in `timeZone`; answers the file and the name to save it under.
 */
export async function fetchHaccpReport(
  serialNumber: string,
  report: THaccpReport,
  period: THaccpPeriod,
  timeZone: string,
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ ...period, timeZone });
  const { path, name, extension } = REPORT_PATHS[report];
  const blob = await apiFetchBlob(`${eventPath(serialNumber, path)}?${query}`);
  return { blob, fileName: `haccp-${name}_${serialNumber}_${period.startDate}_${period.stopDate}.${extension}` };
}

/** Recomputes the machine's HACCP hash chain over the period (docs/hygiene.md, "Verification"). */
export function fetchHaccpVerification(serialNumber: string, period: THaccpPeriod): Promise<THaccpVerification> {
  return apiFetch<THaccpVerification>(`${eventPath(serialNumber, 'haccp/verification')}?${new URLSearchParams(period)}`);
}

/** Confirms that the signed-in user reviewed a closed day. */
export function reviewHaccpDay(serialNumber: string, day: string): Promise<THaccpCloseOutView> {
  return apiFetch<THaccpCloseOutView>(eventPath(serialNumber, `haccp/close-outs/${day}/review`), { method: 'POST' });
}

/** Adds a correction to one record: a new chained record pointing at it (docs/hygiene.md, "Corrections"). */
export function addHaccpCorrection(serialNumber: string, request: THaccpCorrectionRequest): Promise<THaccpCorrectionView> {
  return apiFetch<THaccpCorrectionView>(eventPath(serialNumber, 'haccp/corrections'), {
    method: 'POST',
    body: JSON.stringify(request),
  });
}
