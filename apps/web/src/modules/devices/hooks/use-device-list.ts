import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { claimDevice, fetchDeviceCompanies } from '../api/devices-api';
import { useCommand } from './use-command';
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

/** Reset presets: the machine restores the parameters of its range; its details reload. */
export function useRestorePresets(serialNumber: string) {
  const client = useQueryClient();
  return useCommand(serialNumber, 'restore-presets', () =>
    client.invalidateQueries({ queryKey: deviceKeys.detail(serialNumber) }),
  );
}
