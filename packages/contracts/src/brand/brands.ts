import type { TGamma } from '../appliance/gamma';

export const BRAND_CODES = ['LUMINA', 'KESTREL'] as const;
export type TBrandCode = (typeof BRAND_CODES)[number];

export type TBrand = {
  code: TBrandCode;
  /** Product title shown in the browser tab, the top bar and mails. */
  title: string;
  /** Year on the footer's copyright line. */
  copyrightYear: number;
  /** The names under which this brand sells each range; a range it does not sell keeps its own name. */
  rangeNames: Record<TGamma, string>;
  /** Accent colour of the brand's theme (Mantine primary colour name). */
  primaryColor: 'cyan' | 'orange';
  /** The same accent as a CSS colour, where no theme is at hand (the companion's manifest and icons). */
  accentHex: string;
};

/** Both brands, from one configuration. The range mapping is explained in docs/brands.md. */
export const BRANDS: Record<TBrandCode, TBrand> = {
  LUMINA: {
    code: 'LUMINA',
    title: 'Lumina Professional',
    copyrightYear: 2021,
    rangeNames: { infinity: 'Infinity', hiline: 'Hiline', prime: 'Prime', ge: 'G-EVO' },
    primaryColor: 'cyan',
    accentHex: '#0c8599',
  },
  KESTREL: {
    code: 'KESTREL',
    title: 'Kestrel Wash Systems',
    copyrightYear: 2022,
    rangeNames: { infinity: 'TL', hiline: 'CE', prime: 'HPW', ge: 'G-EVO' },
    primaryColor: 'orange',
    accentHex: '#d9480f',
  },
};

export const DEFAULT_BRAND: TBrandCode = 'LUMINA';

export function isBrandCode(value: unknown): value is TBrandCode {
  return typeof value === 'string' && (BRAND_CODES as readonly string[]).includes(value);
}

/**
 * Picks the brand for a host name: an exact entry of the mapping, then the first label
 * (`kestrel.example.com` → KESTREL when that label names a brand), else the default.
 */
export function brandForHost(host: string, mapping: Record<string, TBrandCode>, fallback: TBrandCode): TBrandCode {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  const exact = mapping[name];
  if (exact) return exact;
  const label = name.split('.')[0]?.toUpperCase();
  return isBrandCode(label) ? label : fallback;
}

/**
 * `url` as a reader of `brand` must open it: unchanged when its host name shows that brand
 * (`brandForHost`); else on the brand's own host when the mapping names one (same scheme, port and
 * path); else with `?brand=`. Every address written for someone else — a mail's link, a printed QR
 * code, a shared inspector link — goes through here, so that a Kestrel reader does not land on the
 * Lumina sign-in, where Kestrel accounts do not exist.
 */
export function brandedUrl(url: string, brand: TBrandCode, mapping: Record<string, TBrandCode>, fallback: TBrandCode): string {
  const parsed = new URL(url);
  if (brandForHost(parsed.hostname, mapping, fallback) === brand) return parsed.toString();
  const own = Object.keys(mapping).find((host) => mapping[host] === brand);
  if (own) parsed.hostname = own;
  else parsed.searchParams.set('brand', brand);
  return parsed.toString();
}
