import type { TCatalogue } from './catalogue';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import type { TLanguage } from './languages';

export type { TCatalogue, Widen } from './catalogue';
export { CATALOGUE_PART_NAMES, CATALOGUE_PARTS, SERVER_NAMESPACES, cataloguePart, type TCataloguePart } from './parts';
export { withPluralFallbacks } from './plural-forms';
export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, SUPPORTED_LANGUAGES, isLanguage, type TLanguage } from './languages';
export {
  dateTimeFormat,
  formatCurrency,
  formatDate,
  formatDay,
  formatTime,
  intlLocale,
  numberFormat,
  parseDay,
  toLocaleCode,
  type TDateFormat,
} from './format';

/** The text catalogue of every supported language. */
export const catalogues = { it, en, fr, de, es } as const satisfies Record<TLanguage, TCatalogue>;
