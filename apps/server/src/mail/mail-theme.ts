import type { TBrandCode } from '@washboard/contracts';

const ACCENT: Record<TBrandCode, string> = { LUMINA: '#0e8fa0', KESTREL: '#d9480f' };

/** The brand's accent colour in mails and their pages (links, the header band, the PDF's rules). */
export function mailAccent(brand: TBrandCode): string {
  return ACCENT[brand];
}

/** Grey of secondary text (serial numbers, footers), and red of a figure that needs attention. */
export const MUTED = '#6b7280';
export const WARNING = '#c81e1e';
