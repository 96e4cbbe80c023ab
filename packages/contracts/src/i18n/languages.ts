/** The interface languages, in display order. */
export const SUPPORTED_LANGUAGES = ['it', 'en', 'fr', 'de', 'es'] as const;

/** A supported interface language code. */
export type TLanguage = (typeof SUPPORTED_LANGUAGES)[number];

/**
 * Each language by its own name (an endonym), the same in every interface language: the language
 * picker and the machine-language parameter (S49) show these.
 */
export const LANGUAGE_NAMES: Readonly<Record<TLanguage, string>> = {
  it: 'Italiano',
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
};

/** Default and fallback language of the product. */
export const DEFAULT_LANGUAGE = 'it' satisfies TLanguage;

/** True when `x` is one of the supported language codes. */
export function isLanguage(x: unknown): x is TLanguage {
  return typeof x === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(x);
}
