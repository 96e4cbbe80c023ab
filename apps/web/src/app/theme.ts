import {
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  isLightColor,
  parseThemeColor,
  rem,
  type CSSVariablesResolver,
  type MantineTheme,
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

/** The light and dark schemes' shade of every filled control (Mantine's `primaryShade`, for all colours). */
const FILLED_SHADE = { light: 9, dark: 5 } as const;

/** Black or white, whichever reads better on `background` (the two are equal at luminance 0.179). */
const textOn = (background: string) => (isLightColor(background) ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)');

/** The CSS variable holding the text colour on a theme colour's filled shade in the current scheme. */
const onFilledVariable = (color: string) => `--wb-on-filled-${color}`;

/**
 * Mantine's filled variant decides its text colour once, by the light scheme's shade, so white text
 * stayed on the dark scheme's bright shade 5 (2.1–2.8:1 for teal, cyan, red). Ours follows the
 * scheme: a theme colour's filled text is a variable set per scheme (`cssVariables`), a fixed shade
 * (`red.6`) gets the better of black and white for that shade.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'filled') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  return {
    ...colors,
    color: parsed.shade === undefined ? `var(${onFilledVariable(parsed.color)})` : textOn(parsed.value),
  };
};

/** Each theme colour's filled text in one scheme. */
const onFilledColors = (theme: MantineTheme, scheme: keyof typeof FILLED_SHADE) =>
  Object.fromEntries(
    Object.entries(theme.colors).map(([name, shades]) => [onFilledVariable(name), textOn(shades[FILLED_SHADE[scheme]])]),
  );

/**
 * A select's or autocomplete's list of options, scrolling itself past Mantine's default height.
 * Without the scroll area Mantine ignores `maxDropdownHeight` and `floatingHeight`: a list that
 * needs another height sets `styles.options.maxHeight`.
 */
const SCROLLING_OPTIONS = {
  defaultProps: { withScrollArea: false },
  styles: { options: { maxHeight: rem(220), overflowY: 'auto' } },
} as const;

/**
 * Mantine theme of a brand: its accent colour, the rest shared; `labels` name the close buttons of
 * dialogs and drawers. Every text meets WCAG AA contrast (4.5:1, checked by axe-core in the e2e
 * audit and in `bench/companion.ts`) and every control and focus ring 3:1: in
 * the light scheme filled controls use the accent's darkest shade under white text, in the dark
 * scheme its bright shade 5 under black text (so focus rings, borders and chart lines drawn in the
 * accent stay bright on the dark page); other filled colours pick black or white text by luminance;
 * the dimmed, error and tinted texts are darker than Mantine's (see `cssVariables`).
 */
export function themeFor(brand: TBrand, labels: { closeDialog: string; closePanel: string }): MantineThemeOverride {
  return createTheme({
    primaryColor: brand.primaryColor,
    primaryShade: FILLED_SHADE,
    colors: { orange },
    autoContrast: true,
    variantColorResolver,
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    defaultRadius: 'md',
    respectReducedMotion: true,
    headings: { fontWeight: '650' },
    // Plain objects, not `Modal.extend(…)`: importing the components here would put the dialogs' code
    // in the first download of every page (they load with their first use; docs/benchmarks.md).
    components: {
      // A chip without a variant keeps Mantine's white text on the accent in both schemes; a filled
      // one takes the resolver's text colour.
      Chip: { defaultProps: { variant: 'filled' } },
      // Every dialog's and drawer's close button (an ×) is named, in the page's language, apart from
      // a "Close" button it may have.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.closeDialog } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': labels.closePanel } } },
      // A menu takes the focus to its first entry when it opens (the WAI-ARIA menu button pattern),
      // not to the empty placeholder Mantine puts first, whose role a menu may not hold.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A long list of options scrolls as the listbox the field controls, whose options the arrow
      // keys reach from the field: inside Mantine's scroll area, the scrolling region held nothing
      // the keyboard could reach (axe scrollable-region-focusable; docs/accessibility.md).
      Select: SCROLLING_OPTIONS,
      Autocomplete: SCROLLING_OPTIONS,
    },
  });
}

/**
 * Mantine's dimmed text (gray 6, dark 2) is 3.3:1 and 4.0:1 on the page; gray 7 and dark 1 are over
 * 7:1. The light variant's text (badges, alerts) is its colour's filled shade on a tint of it —
 * 2.7:1 for yellow, 4.3:1 for teal — so, in the light scheme, the colours we tint get a darker text
 * (each over 5.4:1 on any of their tints or red's, over 6.5:1 on white).
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

/** Placeholder text, lighter than what is typed but over WCAG AA's 4.5:1 on a field of its scheme. */
const PLACEHOLDER = { light: '#6b7280', dark: '#a0a0a0' };

export const cssVariables: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...onFilledColors(theme, 'light'),
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Placeholders: gray 5 is 2.1:1 on a white field; this grey 4.8:1.
    '--mantine-color-placeholder': PLACEHOLDER.light,
    // Field errors: red 6 is 3.3:1 on white, red 9 5.4:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-primary-color-contrast': 'var(--mantine-color-white)',
    [`--mantine-color-${theme.primaryColor}-filled-hover`]:
      LIGHT_FILLED_HOVER[theme.primaryColor] ?? 'var(--mantine-primary-color-9)',
    '--mantine-primary-color-filled-hover': LIGHT_FILLED_HOVER[theme.primaryColor] ?? 'var(--mantine-primary-color-9)',
    // The same darker text for these colours' text elsewhere (`c="teal"`): Mantine's filled shade 9
    // was 4.1:1 for teal on a failed record's red tint.
    ...Object.fromEntries(
      Object.entries(LIGHT_VARIANT_TEXT).flatMap(([color, text]) => [
        [`--mantine-color-${color}-light-color`, text],
        [`--mantine-color-${color}-text`, text],
      ]),
    ),
  },
  dark: {
    ...onFilledColors(theme, 'dark'),
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    // Placeholders: dark 3 is 2.5:1 on a field (dark 6); this grey 5.2:1.
    '--mantine-color-placeholder': PLACEHOLDER.dark,
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    // White on the bright shade 5 is 2.4:1; black is over 8:1.
    '--mantine-primary-color-contrast': 'var(--mantine-color-black)',
  },
});
