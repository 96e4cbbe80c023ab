/**
 * The browser-storage keys the companion's pre-rendered landing reads before any module runs
 * (`build/companion-shell.ts` writes them into its inline script at build time), so that the
 * page and its script can never disagree on a name.
 */
export const STORAGE_KEYS = {
  /** localStorage: the interface language chosen in this browser. */
  language: 'wb.language',
  /** localStorage: the colour scheme chosen with the toggle (absent: the system's). */
  colorScheme: 'wb.colorScheme',
  /** sessionStorage: a `?brand=` trial, kept for the tab. */
  brandOverride: 'wb.brandOverride',
  /** localStorage: the brand this host name gave at the last start (the runtime configuration's mapping). */
  hostBrand: 'wb.hostBrand',
  /** localStorage: remember-me; with it a session may resume. */
  rememberMe: 'wb.rememberMe',
  /** sessionStorage: this tab's session marker; with it a session may resume. */
  sessionMarker: 'wb.session',
} as const;
