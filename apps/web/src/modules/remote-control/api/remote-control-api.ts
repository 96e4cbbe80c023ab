import type { TCodeResponse, TCycleType } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

export type TTank = 'detergent' | 'rinseAid';

const eventPath = (serialNumber: string, call: string) =>
  `/api/v1/event-hub-listener/event/${encodeURIComponent(serialNumber)}/${call}`;

const plainText = (body: string): RequestInit => ({ method: 'POST', body, headers: { 'content-type': 'text/plain' } });

/** Starts a cycle (the spec's "current cycle, plain-text"); resolves once the machine accepted it. */
export function startCycle(serialNumber: string, cycleType: TCycleType): Promise<TCodeResponse> {
  return apiFetch<TCodeResponse>(eventPath(serialNumber, 'cycle'), plainText(cycleType));
}

/** Stops the running cycle. */
export function stopCycle(serialNumber: string): Promise<TCodeResponse> {
  return apiFetch<TCodeResponse>(eventPath(serialNumber, 'cycle'), plainText('stop'));
}

/** Turns the machine off (switch-shutdown; the plain-text operationSet is left empty: none applies). */
export function turnOff(serialNumber: string): Promise<TCodeResponse> {
  return apiFetch<TCodeResponse>(eventPath(serialNumber, 'switch-shutdown'), plainText(''));
}

/** Asks the machine for telemetry every second for `seconds`. */
export function runLive(serialNumber: string, seconds: number): Promise<TCodeResponse> {
  return apiFetch<TCodeResponse>(eventPath(serialNumber, 'run-live'), { method: 'POST', body: JSON.stringify({ seconds }) });
}

/** Tells the machine a chemical tank was replaced (refused while it starts up). */
export function replaceTank(serialNumber: string, tank: TTank): Promise<TCodeResponse> {
  return apiFetch<TCodeResponse>(eventPath(serialNumber, 'tank-replace'), { method: 'POST', body: JSON.stringify({ tank }) });
}
