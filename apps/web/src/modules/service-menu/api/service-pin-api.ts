import type { TCodeResponse, TServicePinState, TServiceSession } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';
import { keepServiceSession, serviceSessionHeaders } from './service-session';

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

/** The caller's PIN state (set, locked, tries left). */
export const fetchPinState = () => apiFetch<TServicePinState>('/api/v1/service/pin');

/** Sets the PIN (a change sends the open session). */
export const setServicePin = (pin: string) =>
  apiFetch<TCodeResponse>('/api/v1/service/pin', { method: 'PUT', ...json({ pin }, serviceSessionHeaders()) });

/** Opens a service session with the PIN and keeps it for the tab. */
export async function openServiceSession(pin: string): Promise<TServiceSession> {
  const session = await apiFetch<TServiceSession>('/api/v1/service/session', { method: 'POST', ...json({ pin }) });
  keepServiceSession(session);
  return session;
}

/** Ends the service session, here and on the server. */
export async function closeServiceSession(): Promise<void> {
  keepServiceSession(null);
  await apiFetch<TCodeResponse>('/api/v1/service/session', { method: 'DELETE' });
}

export const requestPinReset = () => apiFetch<TCodeResponse>('/api/v1/service/pin/forgot', { method: 'POST', ...json({}) });

export const resetServicePin = (token: string, pin: string) =>
  apiFetch<TCodeResponse>('/api/v1/service/pin/reset', { method: 'POST', ...json({ token, pin }) });
