import type {
  TInspectionView,
  TInspectorLinkCreated,
  TInspectorLinkOpening,
  TInspectorLinkRequest,
  TInspectorLinkView,
} from '@washboard/contracts';
import { apiFetch, eventPath } from '../../api/api-client';

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
