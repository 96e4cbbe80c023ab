import type {
  TInspectionExport,
  TInspectionView,
  TInspectorLinkCreated,
  TInspectorLinkOpening,
  TInspectorLinkRequest,
  TInspectorLinkView,
} from '@washboard/contracts';
import { apiFetch, apiFetchBlob, eventPath } from '../../api/api-client';
import type { THaccpReport } from './haccp-api';

const links = (serialNumber: string, rest = '') => eventPath(serialNumber, `haccp/inspector-links${rest}`);

/** Creates a link to the machine's HACCP record over a period; the answer is the only one with its token. */
export function createInspectorLink(serialNumber: string, request: TInspectorLinkRequest): Promise<TInspectorLinkCreated> {
  return apiFetch<TInspectorLinkCreated>(links(serialNumber), { method: 'POST', body: JSON.stringify(request) });
}

/** The machine's inspector links, newest first, with how often each was opened. */
export function fetchInspectorLinks(serialNumber: string): Promise<TInspectorLinkView[]> {
  return apiFetch<TInspectorLinkView[]>(links(serialNumber));
}

/** Every opening of one link, newest first. */
export function fetchInspectorLinkOpenings(serialNumber: string, id: string): Promise<TInspectorLinkOpening[]> {
  return apiFetch<TInspectorLinkOpening[]>(links(serialNumber, `/${id}/openings`));
}

/** Revokes a link at once. */
export function revokeInspectorLink(serialNumber: string, id: string): Promise<TInspectorLinkView> {
  return apiFetch<TInspectorLinkView>(links(serialNumber, `/${id}/revoke`), { method: 'POST' });
}

/** What an inspector link shows, without a session (the token is the authority). */
export function fetchInspection(token: string): Promise<TInspectionView> {
  return apiFetch<TInspectionView>(`/api/v1/inspect/${encodeURIComponent(token)}`);
}

/** The files an inspector may keep, as the owner side's exports name them (no telemetry). */
export const INSPECTION_FILES = {
  events: 'events-pdf',
  alarms: 'alarms-pdf',
  eventsCsv: 'events-csv',
  alarmsCsv: 'alarms-csv',
} as const satisfies Partial<Record<THaccpReport, TInspectionExport>>;
export type TInspectionReport = keyof typeof INSPECTION_FILES;

/**
 * One file of what a link shares (its machine and period), made by the server in the interface
 * language with times in `timeZone`; answers the file and the name to save it under.
 */
export async function fetchInspectionExport(
  token: string,
  view: Pick<TInspectionView, 'machine' | 'startDate' | 'stopDate'>,
  report: TInspectionReport,
  timeZone: string,
): Promise<{ blob: Blob; fileName: string }> {
  const file = INSPECTION_FILES[report];
  const blob = await apiFetchBlob(
    `/api/v1/inspect/${encodeURIComponent(token)}/exports/${file}?${new URLSearchParams({ timeZone })}`,
  );
  const [name, extension] = file.split('-');
  return { blob, fileName: `haccp-${name}_${view.machine.serialNumber}_${view.startDate}_${view.stopDate}.${extension}` };
}
