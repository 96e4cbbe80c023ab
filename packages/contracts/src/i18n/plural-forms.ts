type TTree = { readonly [key: string]: string | TTree };

const PLURAL_SUFFIX = '_other';

/**
 * A catalogue part with the plural forms i18next may ask for in `lang` and the catalogue leaves
 * out. The catalogue writes `_one` and `_other`; i18next asks for the category `Intl.PluralRules`
 * names, which in French, Spanish and Italian includes `many` (1,000,000 and other exact millions),
 * and finding no `_many` it shows the key itself. There `_other` stands for `many` too, as the
 * server's `translate` reads it.
 */
export function withPluralFallbacks<T extends TTree>(tree: T, lang: string): T {
  const extra = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.filter((c) => c !== 'one' && c !== 'other');
  if (extra.length === 0) return tree;
  const fill = (node: TTree): TTree => {
    const out: Record<string, string | TTree> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = typeof value === 'string' ? value : fill(value);
      if (typeof value !== 'string' || !key.endsWith(PLURAL_SUFFIX)) continue;
      const base = key.slice(0, -PLURAL_SUFFIX.length);
      for (const category of extra) if (!(`${base}_${category}` in node)) out[`${base}_${category}`] = value;
    }
    return out;
  };
  return fill(tree) as T;
}
