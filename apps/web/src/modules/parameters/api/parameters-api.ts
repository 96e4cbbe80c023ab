import { apiFetch } from '../../api/api-client';

/** GET …/parameters (the contract's ZParametersView). */
export type TParametersView = { values: Record<string, number>; reportedAt: string | null };

const eventPath = (serialNumber: string, call: string) =>
  `/api/v1/event-hub-listener/event/${encodeURIComponent(serialNumber)}/${call}`;

/** Every parameter the machine last reported (raw values, by catalogue key). */
export function fetchParameters(serialNumber: string): Promise<TParametersView> {
  return apiFetch<TParametersView>(eventPath(serialNumber, 'parameters'));
}
