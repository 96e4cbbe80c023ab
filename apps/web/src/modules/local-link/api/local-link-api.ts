import type { TBrokerCredentialsResponse } from '@washboard/contracts';
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
