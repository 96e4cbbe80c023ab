import type { TDefaultParameter, TDefaultParameterList, TDefaultParameterModel, TGamma } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

/** The models' default parameter lists (Manage Products: ADMIN or the PRODUCTS profile). */

const BASE = '/api/v1/appliance/default-parameters';
const modelPath = (gamma: TGamma, modelNumber: string) => `${BASE}/${gamma}/${encodeURIComponent(modelNumber)}`;

export type TModelRef = { gamma: TGamma; modelNumber: string };

export function fetchDefaultParameterModels(): Promise<TDefaultParameterModel[]> {
  return apiFetch<TDefaultParameterModel[]>(BASE);
}

export function fetchDefaultParameters({ gamma, modelNumber }: TModelRef): Promise<TDefaultParameterList> {
  return apiFetch<TDefaultParameterList>(modelPath(gamma, modelNumber));
}

/** Sets one value (raw); `null` puts it back to the catalogue's default. */
export function writeDefaultParameter(
  { gamma, modelNumber }: TModelRef,
  code: string,
  value: number | null,
): Promise<TDefaultParameter> {
  const path = `${modelPath(gamma, modelNumber)}/${encodeURIComponent(code)}`;
  return value === null
    ? apiFetch<TDefaultParameter>(path, { method: 'DELETE' })
    : apiFetch<TDefaultParameter>(path, { method: 'PUT', body: JSON.stringify({ value }) });
}
