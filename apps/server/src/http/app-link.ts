import { brandedUrl, type TBrandCode } from '@washboard/contracts';

/**
 * What every address the server writes for a reader is made from: where the dashboard answers
 * (PUBLIC_URL, with or without a trailing slash) and how it tells its brands apart by host name
 * (BRAND_HOSTS, DEFAULT_BRAND). Plain data, so that a worker thread can write links too.
 */
export type TLinkBase = { publicUrl: string; brandHosts: Record<string, TBrandCode>; defaultBrand: TBrandCode };

/**
 * An address of the dashboard for a mail or a printed QR code: `path` (from the site's root, with its
 * query) on PUBLIC_URL, as a reader of `brand` must open it (`brandedUrl`: with `?brand=` when the
 * host would show another brand). The one way the server builds them.
 */
export function appLink(base: TLinkBase, brand: TBrandCode, path: string): string {
  return brandedUrl(new URL(path, base.publicUrl).toString(), brand, base.brandHosts, base.defaultBrand);
}

/** A machine's screen on the dashboard, `rest` after it (a section, a query). */
export function machineLink(base: TLinkBase, brand: TBrandCode, serial: string, rest = ''): string {
  return appLink(base, brand, `/device/${encodeURIComponent(serial)}${rest}`);
}
