import {
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { TBrand } from '@washboard/contracts';

/**
 * Mantine's orange with a darker last shade: its own (#d9480f) carries white text at 4.3:1, under
 * WCAG AA's 4.5:1; #c2410c carries it at 5.2:1.
 */
const orange = [...DEFAULT_THEME.colors.orange.slice(0, 9), '#c2410c'] as unknown as MantineColorsTuple;

/**
 * Mantine's filled variant decides its text colour once, by the light scheme's shade; ours follows
 * the scheme (`--mantine-primary-color-contrast`, set in `cssVariables`).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const primary = (input.color ?? input.theme.primaryColor) === input.theme.primaryColor;
  return input.variant === 'filled' && primary ? { ...colors, color: 'var(--mantine-primary-color-contrast)' } : colors;
};

/**
 * Mantine theme of a brand: its accent colour, the rest shared. Every text meets WCAG AA contrast
 * (4.5:1, checked by axe-core in `bench/companion.ts`) and every control and focus ring 3:1: in
 * the light scheme filled controls use the accent's darkest shade under white text, in the dark
 * scheme its bright shade 5 under black text (so focus rings, borders and chart lines drawn in the
 * accent stay bright on the dark page); other filled colours pick black or white text by luminance;
 * the dimmed, error and tinted texts are darker than Mantine's (see `cssVariables`).
 */
export function themeFor(brand: TBrand): MantineThemeOverride {
  return createTheme({
    primaryColor: brand.primaryColor,
    primaryShade: { light: 9, dark: 5 },
    colors: { orange },
    autoContrast: true,
    variantColorResolver,
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    defaultRadius: 'md',
    respectReducedMotion: true,
    headings: { fontWeight: '650' },
  });
}

/**
 * Mantine's dimmed text (gray 6, dark 2) is 3.3:1 and 4.0:1 on the page; gray 7 and dark 1 are over
 * 7:1. The light variant's text (badges, alerts) is its colour's filled shade on a tint of it —
 * 2.7:1 for yellow, 4.3:1 for teal — so, in the light scheme, the colours we tint get a darker text
 * (each over 5.5:1 on its tint).
 */
const LIGHT_VARIANT_TEXT: Record<string, string> = {
  teal: '#065f46',
  green: '#1e6b30',
  yellow: '#7a4d00',
  orange: '#9a3412',
  red: '#a51d1d',
};

/** A hovered or pressed filled control in the light scheme: darker than shade 9, not Mantine's lighter 8 (4.4:1 under white). */
const LIGHT_FILLED_HOVER: Record<string, string> = { cyan: '#095c6b', orange: '#9a3412' };

export const cssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Field errors: red 6 is 3.3:1 on white, red 9 5.4:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-primary-color-contrast': 'var(--mantine-color-white)',
    [`--mantine-color-${theme.primaryColor}-filled-hover`]:
      LIGHT_FILLED_HOVER[theme.primaryColor] ?? 'var(--mantine-primary-color-9)',
    '--mantine-primary-color-filled-hover': LIGHT_FILLED_HOVER[theme.primaryColor] ?? 'var(--mantine-primary-color-9)',
    ...Object.fromEntries(
      Object.entries(LIGHT_VARIANT_TEXT).map(([color, text]) => [`--mantine-color-${color}-light-color`, text]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // White on the bright shade 5 is 2.4:1; black is over 8:1.
    '--mantine-primary-color-contrast': 'var(--mantine-color-black)',
  },
});
