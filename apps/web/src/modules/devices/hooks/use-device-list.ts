import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimDevice, exposeClaimingCode, fetchDeviceCompanies, restorePresets } from '../api/devices-api';
import { deviceKeys } from './device-keys';

const COMPANIES_KEY = [...deviceKeys.all, 'companies'] as const;

/** The companies of the user's machines, for the list's company filter. */
export function useDeviceCompanies() {
  return useQuery({ queryKey: COMPANIES_KEY, queryFn: fetchDeviceCompanies, staleTime: 60_000 });
}

/** Add Device; the list reloads so the new machine appears. */
export function useClaimDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimDevice,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** Show Code: the machine shows a fresh activation code on its own display. */
export function useShowCode() {
  return useMutation({ mutationFn: exposeClaimingCode });
}

/** Reset presets: the machine restores the parameters of its range. */
export function useRestorePresets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: restorePresets,
    onSuccess: (_answer, serialNumber) => client.invalidateQueries({ queryKey: deviceKeys.detail(serialNumber) }),
  });
}
