import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { THaccpCorrectionRequest } from '@washboard/contracts';
import { deviceKeys } from '../../devices/hooks/device-keys';
import { saveFile } from '../../../ui/save-file';
import { browserTimeZone } from '../../../ui/browser-time-zone';
import {
  addHaccpCorrection,
  fetchHaccpAlarms,
  fetchHaccpEvents,
  fetchHaccpReport,
  fetchHaccpVerification,
  reviewHaccpDay,
  type THaccpPeriod,
  type THaccpReport,
} from '../api/haccp-api';

/** Query keys of the HACCP page, under the device keys so a reconnect reloads them too. */
export const haccpKeys = {
  events: (serialNumber: string, period: THaccpPeriod) => [...deviceKeys.all, 'haccp', 'events', serialNumber, period] as const,
  alarms: (serialNumber: string, period: THaccpPeriod) => [...deviceKeys.all, 'haccp', 'alarms', serialNumber, period] as const,
  verification: (serialNumber: string, period: THaccpPeriod) =>
    [...deviceKeys.all, 'haccp', 'verification', serialNumber, period] as const,
};

/** YYYY-MM-DD of a local date. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default period of the page: the last seven days, today included. */
export function lastSevenDays(today = new Date()): THaccpPeriod {
  const start = new Date(today);
  start.setDate(start.getDate() - 6);
  return { startDate: isoDay(start), stopDate: isoDay(today) };
}

export function useHaccpEvents(serialNumber: string, period: THaccpPeriod) {
  return useQuery({
    queryKey: haccpKeys.events(serialNumber, period),
    queryFn: () => fetchHaccpEvents(serialNumber, period),
    placeholderData: keepPreviousData,
  });
}

export function useHaccpAlarms(serialNumber: string, period: THaccpPeriod) {
  return useQuery({
    queryKey: haccpKeys.alarms(serialNumber, period),
    queryFn: () => fetchHaccpAlarms(serialNumber, period),
    placeholderData: keepPreviousData,
  });
}

/** Downloads a PDF report: fetched with the session's token, then saved from a blob URL. */
export function useHaccpExport(serialNumber: string) {
  return useMutation({
    mutationFn: async ({ report, period }: { report: THaccpReport; period: THaccpPeriod }) => {
      const { blob, fileName } = await fetchHaccpReport(serialNumber, report, period, browserTimeZone());
      saveFile(blob, fileName);
    },
  });
}

/** The verification of the machine's HACCP record over the period. */
export function useHaccpVerification(serialNumber: string, period: THaccpPeriod) {
  return useQuery({
    queryKey: haccpKeys.verification(serialNumber, period),
    queryFn: () => fetchHaccpVerification(serialNumber, period),
    placeholderData: keepPreviousData,
  });
}

/** Marks a closed day reviewed by the signed-in user, then reads the verification again. */
export function useReviewHaccpDay(serialNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (day: string) => reviewHaccpDay(serialNumber, day),
    onSuccess: () => client.invalidateQueries({ queryKey: [...deviceKeys.all, 'haccp', 'verification', serialNumber] }),
  });
}

/**
 * Adds a correction, then reads the machine's HACCP record again: the events show it under the
 * record, and the verification has one more entry to walk.
 */
export function useAddHaccpCorrection(serialNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: THaccpCorrectionRequest) => addHaccpCorrection(serialNumber, request),
    onSuccess: () => client.invalidateQueries({ queryKey: [...deviceKeys.all, 'haccp'] }),
  });
}
