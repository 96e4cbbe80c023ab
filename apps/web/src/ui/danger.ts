/**
 * The colour of a destructive menu entry (Delete …). Mantine paints a menu entry given
 * `color="red"` in red's shade 6 whatever the scheme: 3.3:1 on the light dropdown and 4.1:1 on the
 * dark one, under WCAG AA's 4.5:1 (found by the e2e axe audit). Red's text colour of the scheme
 * (`cssVariables` in app/theme.ts) is 7.5:1 and 5.9:1, and its hover tint follows it.
 */
export const DANGER_ENTRY = 'var(--mantine-color-red-text)';
