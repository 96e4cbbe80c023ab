import { z } from 'zod';
import { ZBrandCode } from './brand.schema';
import { BRANDS, type TBrandCode } from './brands';

/** Where the technician's companion app lives (docs/companion.md). */
export const COMPANION_BASE = '/app/';

/** The companion's icon sizes; the build draws them per brand (apps/web/scripts/app-icons.ts). */
export const COMPANION_ICON_SIZES = [192, 512] as const;

/** `GET /app/manifest.webmanifest?brand=`: the brand (any case) overrides the host name's. */
export const ZCompanionManifestQuery = z.object({
  brand: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), ZBrandCode).optional(),
});

const ZManifestIcon = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

/** The companion's web manifest, per brand. */
export const ZCompanionManifest = z
  .object({
    id: z.string(),
    name: z.string(),
    short_name: z.string(),
    description: z.string(),
    lang: z.string(),
    start_url: z.string(),
    scope: z.string(),
    display: z.literal('standalone'),
    orientation: z.literal('portrait'),
    background_color: z.string(),
    theme_color: z.string(),
    icons: z.array(ZManifestIcon),
  })
  .meta({ id: 'CompanionManifest' });
export type TCompanionManifest = z.infer<typeof ZCompanionManifest>;

/**
 * The web manifest of the companion for `brand`: its name, colour and icons, and its `description`
 * in `lang` (from the catalogue). `asked`: the brand was asked for by `?brand=`, so the installed
 * app starts with it too (the host name would not say it).
 */
export function companionManifest(
  brand: TBrandCode,
  asked: boolean,
  text: { lang: string; description: string },
): TCompanionManifest {
  const { title, accentHex } = BRANDS[brand];
  const name = brand.toLowerCase();
  return {
    id: COMPANION_BASE,
    name: title,
    short_name: title.split(' ')[0] ?? title,
    description: text.description,
    lang: text.lang,
    start_url: asked ? `${COMPANION_BASE}?brand=${brand}` : COMPANION_BASE,
    scope: COMPANION_BASE,
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: accentHex,
    icons: COMPANION_ICON_SIZES.flatMap((size) => [
      {
        src: `${COMPANION_BASE}icons/${name}-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png' as const,
        purpose: 'any' as const,
      },
      {
        src: `${COMPANION_BASE}icons/${name}-maskable-${size}.png`,
        sizes: `${size}x${size}`,
        type: 'image/png' as const,
        purpose: 'maskable' as const,
      },
    ]),
  };
}
