import { BRANDS, brandForHost, isBrandCode, type TBrand, type TRuntimeConfig } from '@washboard/contracts';
import { STORAGE_KEYS } from './storage-keys';

const OVERRIDE_KEY = STORAGE_KEYS.brandOverride;

/**
 * The brand of this visit: `?brand=` (kept for the browser tab, for trials), else the host-name
 * mapping of the runtime configuration, else its default brand.
 */
export function resolveBrand(config: TRuntimeConfig, location: Location = window.location): TBrand {
  const asked = new URLSearchParams(location.search).get('brand')?.toUpperCase();
  if (isBrandCode(asked)) {
    sessionStorage.setItem(OVERRIDE_KEY, asked);
    return BRANDS[asked];
  }
  const remembered = sessionStorage.getItem(OVERRIDE_KEY);
  if (isBrandCode(remembered)) return BRANDS[remembered];
  return BRANDS[brandForHost(location.hostname, config.brandHosts, config.defaultBrand)];
}

/**
 * Keeps the brand this host name maps to (the runtime configuration's `brandHosts`, else its
 * default), for the companion's pre-rendered landing to show before `/config.json` is read.
 */
export function rememberHostBrand(config: TRuntimeConfig, location: Location = window.location): void {
  localStorage.setItem(STORAGE_KEYS.hostBrand, brandForHost(location.hostname, config.brandHosts, config.defaultBrand));
}
