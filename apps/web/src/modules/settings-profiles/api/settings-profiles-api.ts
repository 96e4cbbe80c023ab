import type {
  TSettingsProfile,
  TSettingsProfileApplyResult,
  TSettingsProfileCreate,
  TSettingsProfileDetail,
  TSettingsProfileUpdate,
} from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

export function fetchSettingsProfiles(): Promise<TSettingsProfile[]> {
  return apiFetch<TSettingsProfile[]>('/api/v1/settings-profiles');
}

export function fetchSettingsProfile(id: string): Promise<TSettingsProfileDetail> {
  return apiFetch<TSettingsProfileDetail>(`/api/v1/settings-profiles/${id}`);
}

export function createSettingsProfile(body: TSettingsProfileCreate): Promise<TSettingsProfileDetail> {
  return apiFetch<TSettingsProfileDetail>('/api/v1/settings-profiles', { method: 'POST', body: JSON.stringify(body) });
}

export function updateSettingsProfile(id: string, body: TSettingsProfileUpdate): Promise<TSettingsProfileDetail> {
  return apiFetch<TSettingsProfileDetail>(`/api/v1/settings-profiles/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

export function deleteSettingsProfile(id: string): Promise<unknown> {
  return apiFetch(`/api/v1/settings-profiles/${id}`, { method: 'DELETE' });
}

export function applySettingsProfile(id: string, serialNumber: string): Promise<TSettingsProfileApplyResult> {
  return apiFetch<TSettingsProfileApplyResult>(`/api/v1/settings-profiles/${id}/apply`, {
    method: 'POST',
    body: JSON.stringify({ serialNumber }),
  });
}
