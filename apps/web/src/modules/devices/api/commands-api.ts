import { commandRequest, type TCodeResponse, type TCommandCall } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

/**
 * Sends a command of the device registry to a machine: the HTTP call (path, JSON or plain-text body)
 * derives from the registry. Resolves once the machine accepted it.
 */
export function sendCommand(serialNumber: string, call: TCommandCall): Promise<TCodeResponse> {
  const { path, body, contentType } = commandRequest(call);
  return apiFetch<TCodeResponse>(`/api/v1/event-hub-listener/event/${encodeURIComponent(serialNumber)}/${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body, headers: { 'content-type': contentType ?? 'application/json' } }),
  });
}
