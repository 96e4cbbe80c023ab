import { BRANDS, brandForHost, isBrandCode, type TBrand, type TRuntimeConfig } from '@washboard/contracts';

const OVERRIDE_KEY = 'wb.brandOverride';

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
