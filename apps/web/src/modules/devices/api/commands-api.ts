import { commandRequest, needsServiceSession, type TCommandCall, type TCommandResponse } from '@washboard/contracts';
import { apiFetch, eventPath } from '../../api/api-client';
import { serviceSessionHeaders } from '../../service-menu/api/service-session';

/**
 * Sends a command of the device registry to a machine: the HTTP call (path, JSON or plain-text body)
 * derives from the registry. Resolves once the machine accepted it, with what it reported back; a
 * command of the service menu carries the open service session.
 */
export function sendCommand(serialNumber: string, call: TCommandCall): Promise<TCommandResponse> {
  const { path, body } = commandRequest(call);
  const headers = {
    ...(body ? { 'content-type': body.contentType } : {}),
    ...(needsServiceSession(call.name) ? serviceSessionHeaders() : {}),
  };
  return apiFetch<TCommandResponse>(eventPath(serialNumber, path), {
    method: 'POST',
    ...(body ? { body: body.text } : {}),
    headers,
  });
}
