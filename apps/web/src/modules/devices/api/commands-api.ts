import { commandRequest, type TCodeResponse, type TCommandCall } from '@washboard/contracts';
import { apiFetch, eventPath } from '../../api/api-client';

/**
 * Sends a command of the device registry to a machine: the HTTP call (path, JSON or plain-text body)
 * derives from the registry. Resolves once the machine accepted it.
 */
export function sendCommand(serialNumber: string, call: TCommandCall): Promise<TCodeResponse> {
  const { path, body } = commandRequest(call);
  return apiFetch<TCodeResponse>(eventPath(serialNumber, path), {
    method: 'POST',
    ...(body ? { body: body.text, headers: { 'content-type': body.contentType } } : {}),
  });
}
