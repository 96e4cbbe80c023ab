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

/** A catalogue text in `lang`, falling back to Italian (the product's fallback), then to the key. */
export function translate(lang: TLanguage, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(catalogues[lang], key) ?? lookup(catalogues[DEFAULT_LANGUAGE], key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => String(params[name] ?? match));
}

/** The first supported language of an Accept-Language header, else Italian. */
export function languageFromHeader(header: string | undefined): TLanguage {
  for (const part of (header ?? '').split(',')) {
    const code = part.trim().split(';')[0]?.slice(0, 2).toLowerCase();
    if (isLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
