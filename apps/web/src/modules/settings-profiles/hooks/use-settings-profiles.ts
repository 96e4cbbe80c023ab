import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSettingsProfileCreate, TSettingsProfileUpdate } from '@washboard/contracts';
import { deviceKeys } from '../../devices/hooks/device-keys';
import {
  applySettingsProfile,
  createSettingsProfile,
  deleteSettingsProfile,
  fetchSettingsProfile,
  fetchSettingsProfiles,
  updateSettingsProfile,
} from '../api/settings-profiles-api';

export const profileKeys = {
  all: ['settings-profiles'] as const,
  detail: (id: string) => [...profileKeys.all, 'detail', id] as const,
};

export function useSettingsProfiles() {
  return useQuery({ queryKey: profileKeys.all, queryFn: fetchSettingsProfiles });
}

export function useSettingsProfile(id: string) {
  return useQuery({ queryKey: profileKeys.detail(id), queryFn: () => fetchSettingsProfile(id) });
}

export function useCreateSettingsProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSettingsProfileCreate) => createSettingsProfile(body),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** Saves a change; the answer (the profile as it now is) goes straight into the cache. */
export function useUpdateSettingsProfile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSettingsProfileUpdate) => updateSettingsProfile(id, body),
    onSuccess: (profile) => {
      client.setQueryData(profileKeys.detail(id), profile);
      void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export function useDeleteSettingsProfile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSettingsProfile(id),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** Applies a profile to a machine; the machine's parameters are read again afterwards. */
export function useApplySettingsProfile(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serialNumber: string) => applySettingsProfile(id, serialNumber),
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
