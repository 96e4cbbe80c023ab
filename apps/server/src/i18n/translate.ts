import { catalogues, DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@washboard/contracts';

type TTree = { readonly [key: string]: string | TTree };

function lookup(tree: TTree, key: string): string | undefined {
  let node: string | TTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<TLanguage, Intl.PluralRules>();

/** The text of `key` in `lang` alone: with a numeric `count`, its plural form as i18next picks it (`_one`, `_other`, …). */
function textOf(lang: TLanguage, key: string, count: string | number | undefined): string | undefined {
  const tree = catalogues[lang];
  if (typeof count === 'number') {
    let rules = pluralRules.get(lang);
    if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
    const plural = lookup(tree, `${key}_${rules.select(count)}`) ?? lookup(tree, `${key}_other`);
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
    return format === 'number' && typeof value === 'number' ? numberFormat(lang).format(value) : String(value);
  });
}

const numberFormats = new Map<TLanguage, Intl.NumberFormat>();

/** `{{name, number}}`: a number in the language's digits and grouping, as i18next's `number` format writes it. */
function numberFormat(lang: TLanguage): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(lang)));
  return format;
}

/** The first supported language of an Accept-Language header, else Italian. */
export function languageFromHeader(header: string | undefined): TLanguage {
  for (const part of (header ?? '').split(',')) {
    const code = part.trim().split(';')[0]?.slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
