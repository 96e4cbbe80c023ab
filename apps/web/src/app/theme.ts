import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { TBrand } from '@washboard/contracts';

/** Mantine theme of a brand: its accent colour, the rest shared. */
export function themeFor(brand: TBrand): MantineThemeOverride {
  return createTheme({
    primaryColor: brand.primaryColor,
    primaryShade: { light: 7, dark: 5 },
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    defaultRadius: 'md',
    respectReducedMotion: true,
    headings: { fontWeight: '650' },
  });
}
