import { apiFetch, eventPath } from '../../api/api-client';

/** GET …/parameters (the contract's ZParametersView). */
export type TParametersView = { values: Record<string, number>; reportedAt: string | null };

/** Every parameter the machine last reported (raw values, by catalogue key). */
export function fetchParameters(serialNumber: string): Promise<TParametersView> {
  return apiFetch<TParametersView>(eventPath(serialNumber, 'parameters'));
}
