import type { TAlarmView, THaccpEventView, TUnitSystem } from '@washboard/contracts';
import { apiFetch, apiFetchBlob, eventPath } from '../../api/api-client';

/** A period of whole days (YYYY-MM-DD, both included), as the HACCP calls take it. */
export type THaccpPeriod = { startDate: string; stopDate: string };

export type THaccpReport = 'events' | 'alarms';

/** HACCP events that started in the period, most recent first, each cycle with its hygiene verdict. */
export function fetchHaccpEvents(serialNumber: string, period: THaccpPeriod): Promise<THaccpEventView[]> {
  return apiFetch<THaccpEventView[]>(`${eventPath(serialNumber, 'events')}?${new URLSearchParams(period)}`);
}

/** Alarms active at any moment of the period, most recent first. */
export function fetchHaccpAlarms(serialNumber: string, period: THaccpPeriod): Promise<TAlarmView[]> {
  return apiFetch<TAlarmView[]>(`${eventPath(serialNumber, 'alarms')}?${new URLSearchParams(period)}`);
}

/** The machine's unit system (parameter S47: 1 imperial); metric when it has not said. */
export async function fetchMachineUnitSystem(serialNumber: string): Promise<TUnitSystem> {
  const { values } = await apiFetch<{ values: Record<string, number> }>(
    `${eventPath(serialNumber, 'parameters')}?${new URLSearchParams({ parameters: 'S47' })}`,
  );
  return values.S47 === 1 ? 'imperial' : 'metric';
}

/**
 * One of the two PDF reports, made by the server in the interface language (the client's
 * Accept-Language) with times in `timeZone`; answers the file and the name to save it under.
 */
export async function fetchHaccpReport(
  serialNumber: string,
  report: THaccpReport,
  period: THaccpPeriod,
  timeZone: string,
): Promise<{ blob: Blob; fileName: string }> {
  const query = new URLSearchParams({ ...period, timeZone });
  const blob = await apiFetchBlob(`${eventPath(serialNumber, `${report}/export`)}?${query}`);
  return { blob, fileName: `haccp-${report}_${serialNumber}_${period.startDate}_${period.stopDate}.pdf` };
}
