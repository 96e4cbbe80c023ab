import { brandForHost, type TBrandCode } from '@washboard/contracts';

/**
 * An address of the dashboard for a mail or a printed QR code: `path` (from the site's root, with its
 * query) on PUBLIC_URL, written with or without a trailing slash. The one way the server builds them.
 */
export function appLink(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}

/** A machine's screen on the dashboard, `rest` after it (a section, a query). */
export function machineLink(publicUrl: string, serial: string, rest = ''): string {
  return appLink(publicUrl, `/device/${encodeURIComponent(serial)}${rest}`);
}

/** How the dashboard tells its brands apart by host name (BRAND_HOSTS, DEFAULT_BRAND). */
export type TBrandHosts = { brandHosts: Record<string, TBrandCode>; defaultBrand: TBrandCode };

/**
 * `link` as a reader of `brand` must open it: with `?brand=` when its host would show another brand,
 * as the dashboard's own shared links do — else a Kestrel machine's printed QR code opened the
 * Lumina sign-in, where Kestrel accounts do not exist.
 */
export function brandedLink(link: string, brand: TBrandCode, hosts: TBrandHosts): string {
  const url = new URL(link);
  if (brandForHost(url.hostname, hosts.brandHosts, hosts.defaultBrand) !== brand) url.searchParams.set('brand', brand);
  return url.toString();
}
