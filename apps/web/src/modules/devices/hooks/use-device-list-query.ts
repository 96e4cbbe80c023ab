import { useCallback, useMemo } from 'react';
import { APPLIANCE_CONNECTIVITY_FILTERS, GAMMAS, type TApplianceConnectivityFilter, type TGamma } from '@washboard/contracts';
import { useAddressParams } from '../../navigation/use-address-params';
import type { TDeviceListQuery } from '../api/devices-api';

export type TDeviceListFilters = Omit<TDeviceListQuery, 'q'> & { q: string };

const GAMMA_VALUES: readonly string[] = [...GAMMAS, 'none'];
const CONNECTIVITY_VALUES: readonly string[] = APPLIANCE_CONNECTIVITY_FILTERS;

/**
 * The device list's filters live in the address (`?q=&sort=desc&company=&gamma=&conn=`), so a
 * reload, a shared link and the back button keep them. Unknown values are ignored.
 */
export function useDeviceListQuery(): [TDeviceListFilters, (changes: Partial<TDeviceListFilters>) => void] {
  const { params, set } = useAddressParams();
  const filters = useMemo<TDeviceListFilters>(() => {
    const gamma = params.get('gamma') ?? '';
    const connectivity = params.get('conn') ?? '';
    const company = params.get('company') ?? '';
    return {
      q: params.get('q') ?? '',
      sort: params.get('sort') === 'desc' ? 'desc' : 'asc',
      companyCode: /^\d{6}$/.test(company) ? company : undefined,
      gamma: GAMMA_VALUES.includes(gamma) ? (gamma as TGamma | 'none') : undefined,
      connectivity: CONNECTIVITY_VALUES.includes(connectivity) ? (connectivity as TApplianceConnectivityFilter) : undefined,
    };
  }, [params]);

  const update = useCallback(
    (changes: Partial<TDeviceListFilters>) => {
      const address: Record<string, string | undefined> = {};
      if ('q' in changes) address.q = changes.q?.trim();
      if ('sort' in changes) address.sort = changes.sort === 'asc' ? undefined : changes.sort;
      if ('companyCode' in changes) address.company = changes.companyCode;
      if ('gamma' in changes) address.gamma = changes.gamma;
      if ('connectivity' in changes) address.conn = changes.connectivity === 'all' ? undefined : changes.connectivity;
      set(address);
    },
    [set],
  );
  return [filters, update];
}

/** How many filters other than the search and the sort narrow the list (the drawer button's badge). */
export function activeFilterCount(filters: TDeviceListFilters): number {
  return [filters.companyCode, filters.gamma, filters.connectivity && filters.connectivity !== 'all' ? 'x' : undefined].filter(
    Boolean,
  ).length;
}
