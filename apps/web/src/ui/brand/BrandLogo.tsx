import type { TBrandCode } from '@washboard/contracts';
import lumina from './lumina.svg?raw';
import kestrel from './kestrel.svg?raw';

const logos: Record<TBrandCode, string> = { LUMINA: lumina, KESTREL: kestrel };

/** The brand's wordmark, inline so it follows the colour scheme (the SVGs use currentColor). */
export function BrandLogo({ brand, title, height = 32 }: { brand: TBrandCode; title: string; height?: number }) {
  return (
    <span
      role="img"
      aria-label={title}
      data-brand={brand}
      style={{ display: 'inline-flex', height, lineHeight: 0 }}
      className="brand-logo"
      dangerouslySetInnerHTML={{ __html: logos[brand] }}
    />
  );
}
