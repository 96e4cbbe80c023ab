import type { TBrokerCredentialsResponse, TCarriedRecordsResponse, TMainBoardStatus } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

const base = (serialNumber: string) => `/api/v1/local-link/${encodeURIComponent(serialNumber)}`;

/**
 * A new device secret for a machine being commissioned (docs/local-link.md, "The server's part").
 * It lives in memory only, until it is handed to the machine inside the session: never shown, never
 * stored, never cached.
 */
export function issueBrokerCredentials(serialNumber: string): Promise<TBrokerCredentialsResponse> {
  return apiFetch<TBrokerCredentialsResponse>(`${base(serialNumber)}/broker-credentials`, { method: 'POST' });
}

/** Where the records carried home from a machine are uploaded (through the offline queue). */
export function carriedRecordsPath(serialNumber: string): string {
  return `${base(serialNumber)}/records`;
}

const CARRIED_RECORDS_PATH = /^\/api\/v1\/local-link\/[^/]+\/records$/;

/**
 * How many records of an upload to `path` the server answered as not stored (`notStored`: refused
 * by the database, kept as dead letters for the administrators); 0 for any other request.
 */
export function recordsNotStored(path: string, answer: unknown): number {
  if (!CARRIED_RECORDS_PATH.test(path) || typeof answer !== 'object' || answer === null) return 0;
  const { notStored } = answer as Partial<TCarriedRecordsResponse>;
  return Array.isArray(notStored) ? notStored.length : 0;
}

const mainBoard = (serialNumber: string) => `/api/v1/appliance/${encodeURIComponent(serialNumber)}/main-board`;

/**
 * Binds the machine to its new main board (docs/local-link.md, "Board replacement") and answers the
 * machine's new device secret, for the new board only: never shown, never stored, never cached.
 */
export function replaceMainBoard(serialNumber: string, boardSerial: string): Promise<TBrokerCredentialsResponse> {
  return apiFetch<TBrokerCredentialsResponse>(mainBoard(serialNumber), {
    method: 'POST',
    body: JSON.stringify({ boardSerial }),
  });
}

/** The board the machine reports and its latest replacement (restored or not yet). */
export function mainBoardStatus(serialNumber: string): Promise<TMainBoardStatus> {
  return apiFetch<TMainBoardStatus>(mainBoard(serialNumber));
}
