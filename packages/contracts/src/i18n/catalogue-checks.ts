import { expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES, type TLanguage } from './languages';

/**
 * Checks shared by the specs of every text catalogue (the main one and the `device` namespace).
 * Test support only: nothing outside `*.spec.ts` imports this module.
 */

type TTree = { readonly [key: string]: unknown };

/**
 * Keys whose text may legitimately be the same as the English one, and in which languages.
 * A key prefix ending in '.' covers every key under it.
 */
export type TSameAsEnglishAllowList = Readonly<Record<string, readonly TLanguage[]>>;

/** Every leaf of a catalogue as `path → value` (values kept as found, to catch non-strings). */
export function flattenCatalogue(tree: TTree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [p, v] of flattenCatalogue(value as TTree, path)) out.set(p, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** The interpolations of a text (`{{name}}`, `{{name, number}}`), sorted and deduplicated: each language formats the same way. */
export function interpolationVariables(text: string): string[] {
  return [
    ...new Set(
      [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g)].map((m) => (m[2] ? `${m[1]}, ${m[2]}` : (m[1] ?? ''))),
    ),
  ].sort();
}

/** True when the text has no letters outside its interpolations (e.g. "{{value}}%"). */
function hasNoWords(text: string): boolean {
  return !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));
}

function sameAsEnglishAllowed(allowList: TSameAsEnglishAllowList, path: string, lang: TLanguage): boolean {
  return Object.entries(allowList).some(
    ([key, langs]) => (key.endsWith('.') ? path.startsWith(key) : path === key) && langs.includes(lang),
  );
}

/**
 * Registers, inside the caller's `describe`, the checks every catalogue must pass: non-empty string
 * leaves, the same keys and interpolation variables as English, complete plural pairs, and every
 * text translated rather than copied from English (save the allow-list, which must stay honest).
 */
export function itChecksCatalogues(catalogues: Readonly<Record<TLanguage, TTree>>, allowList: TSameAsEnglishAllowList): void {
  const others = SUPPORTED_LANGUAGES.filter((l) => l !== 'en');
  const flat = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, flattenCatalogue(catalogues[l])])) as Record<
    TLanguage,
    Map<string, unknown>
  >;
  const english = flat.en;

  it.each(SUPPORTED_LANGUAGES)('%s: every leaf is a non-empty string that is not its own key', (lang) => {
    const bad = [...flat[lang]].filter(([path, value]) => typeof value !== 'string' || value.trim() === '' || value === path);
    expect(bad.map(([path]) => path)).toEqual([]);
  });

  it.each(others)('%s: has every English key and no extra key', (lang) => {
    const keys = new Set(flat[lang].keys());
    expect([...english.keys()].filter((k) => !keys.has(k))).toEqual([]);
    expect([...keys].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(others)('%s: uses the same interpolation variables as English in every text', (lang) => {
    const mismatched = [...english]
      .map(([path, text]) => ({
        path,
        en: interpolationVariables(String(text)),
        [lang]: interpolationVariables(String(flat[lang].get(path) ?? '')),
      }))
      .filter((row) => row.en.join() !== (row[lang] as string[]).join());
    expect(mismatched).toEqual([]);
  });

  it('formats an interpolation only as a number, the one format the web and the server both write', () => {
    for (const [path, text] of english) {
      if (typeof text !== 'string') continue;
      for (const variable of interpolationVariables(text)) expect(variable, path).toMatch(/^[\w.]+(, number)?$/);
    }
  });

  it('writes plural forms as complete _one/_other pairs', () => {
    for (const key of english.keys()) {
      const base = key.replace(/_(one|other)$/, '');
      if (base !== key) {
        expect(english.has(`${base}_one`) && english.has(`${base}_other`), key).toBe(true);
      }
    }
  });

  it.each(others)('%s: translates every text instead of copying English (save the allow-list)', (lang) => {
    const copied = [...english]
      .filter(([path, text]) => flat[lang].get(path) === text)
      .filter(([path, text]) => !hasNoWords(String(text)) && !sameAsEnglishAllowed(allowList, path, lang))
      .map(([path, text]) => `${path}: ${String(text)}`);
    expect(copied).toEqual([]);
  });

  it('keeps the allow-list honest: every listed key exists and really is identical to English', () => {
    for (const [key, langs] of Object.entries(allowList)) {
      const paths = key.endsWith('.') ? [...english.keys()].filter((k) => k.startsWith(key)) : [key];
      expect(paths.length > 0 && paths.every((p) => english.has(p)), key).toBe(true);
      for (const lang of langs) {
        expect(
          paths.some((p) => flat[lang].get(p) === english.get(p)),
          `${key} (${lang}) is translated: drop it from the allow-list`,
        ).toBe(true);
      }
    }
  });
}
