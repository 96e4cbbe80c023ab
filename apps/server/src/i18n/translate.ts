import {
  catalogues,
  DEFAULT_LANGUAGE,
  deviceCatalogues,
  isLanguage,
  numberFormat,
  SUPPORTED_LANGUAGES,
  withPluralFallbacks,
  type TLanguage,
} from '@washboard/contracts';

type TTree = { readonly [key: string]: string | TTree };

function lookup(tree: TTree, key: string): string | undefined {
  let node: string | TTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The catalogues as i18next holds them on the web: the plural forms the catalogue leaves out filled in (`many`). */
const texts: Partial<Record<TLanguage, TTree>> = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((l) => [l, withPluralFallbacks<TTree>(catalogues[l], l)]),
);
const pluralRules = new Map<TLanguage, Intl.PluralRules>();

/** The text of `key` in `lang` alone: with a numeric `count`, its plural form as i18next picks it (`_one`, `_other`, …). */
function textOf(lang: TLanguage, key: string, count: string | number | undefined): string | undefined {
  const tree = texts[lang] ?? {};
  if (typeof count === 'number') {
    let rules = pluralRules.get(lang);
    if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
    const plural = lookup(tree, `${key}_${rules.select(count)}`);
    if (plural !== undefined) return plural;
  }
  return lookup(tree, key);
}

/**
 * A catalogue text in `lang`, falling back to Italian (the product's fallback), then to the key. A
 * numeric `count` picks the plural form where the catalogue has one, and `{{name, number}}` writes
 * a number as the language does, both as on the web.
 */
export function translate(lang: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  const text = textOf(lang, key, params.count) ?? textOf(DEFAULT_LANGUAGE, key, params.count) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (match, name: string, format?: string) => {
    const value = params[name];
    if (value === undefined) return match;
    // i18next's `number` format: Intl.NumberFormat of the language.
    return format === 'number' && typeof value === 'number' ? numberFormat(lang).format(value) : String(value);
  });
}

const deviceTexts = deviceCatalogues as unknown as Record<TLanguage, TTree>;

/** A text of the `device` catalogue in `lang`, else Italian; undefined when neither has it (as i18next's `exists`). */
export function translateDevice(lang: TLanguage, key: string): string | undefined {
  return lookup(deviceTexts[lang], key) ?? lookup(deviceTexts[DEFAULT_LANGUAGE], key);
}

/** The first supported language of an Accept-Language header, else Italian. */
export function languageFromHeader(header: string | undefined): TLanguage {
  for (const part of (header ?? '').split(',')) {
    const code = part.trim().split(';')[0]?.slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
