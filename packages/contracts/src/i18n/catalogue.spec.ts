import { describe, expect, it } from 'vitest';
import { catalogues, DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES, type TLanguage } from './index';

type TTree = { readonly [key: string]: unknown };

/** Every leaf of a catalogue as `path → value` (values kept as found, to catch non-strings). */
function flatten(tree: TTree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [p, v] of flatten(value as TTree, path)) out.set(p, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** The names used in `{{name}}` interpolations, sorted and deduplicated. */
function variables(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();
}

const OTHERS = SUPPORTED_LANGUAGES.filter((l) => l !== 'en');
const english = flatten(catalogues.en);
const flat = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, flatten(catalogues[l])])) as Record<
  TLanguage,
  Map<string, unknown>
>;

/**
 * Keys whose text may legitimately be the same as the English one, and in which languages.
 * Only proper names, language endonyms, codes and acronyms, units, technical loanwords that are
 * the standard term in that language, and words spelt the same in both languages.
 * A key prefix ending in '.' covers every key under it.
 */
const SAME_AS_ENGLISH_ALLOWED: Readonly<Record<string, readonly TLanguage[]>> = {
  // Language endonyms: identical in every catalogue by design.
  'layout.languageNames.': ['it', 'fr', 'de', 'es'],
  // Codes, acronyms, product and technology names.
  'common.ok': ['it', 'fr', 'de'],
  'layout.breadcrumbs.haccp': ['it', 'fr', 'de'],
  'device.navigation.haccp': ['it', 'fr', 'de'],
  'mobile.machine.haccp': ['it', 'fr', 'de'],
  'device.fields.fw00': ['it', 'fr', 'de', 'es'],
  'device.fields.fw02': ['it', 'fr', 'de', 'es'],
  'admin.addProduct.fw00': ['it', 'fr', 'de', 'es'],
  'admin.addProduct.fw02': ['it', 'fr', 'de', 'es'],
  'admin.defaultParameters.id': ['it', 'fr', 'de', 'es'],
  'mobile.home.filters.bluetooth': ['it', 'fr', 'de', 'es'],
  'mobile.serviceMenu.bluetooth': ['it', 'fr', 'de', 'es'],
  'mobile.home.filters.wifi': ['it', 'fr', 'es'],
  // Standard loanwords in the target language.
  'login.signin.email': ['it', 'fr'],
  'register.step1.email': ['it', 'fr'],
  'login.forgot.email': ['it', 'fr'],
  'profile.email': ['it', 'fr'],
  'device.assistance.email': ['it', 'fr'],
  'pendingUsers.columns.email': ['it', 'fr'],
  'admin.users.email': ['it', 'fr'],
  'mobile.customers.email': ['it', 'fr'],
  'login.signin.password': ['it'],
  'register.step1.password': ['it'],
  'mobile.account': ['it'],
  'devices.status.online': ['it', 'de'],
  'devices.status.offline': ['it', 'de'],
  'mobile.home.filters.offline': ['it', 'de'],
  // Words spelt the same as in English.
  'common.no': ['it', 'es'],
  'register.step4.no': ['it', 'es'],
  'register.step7.no': ['it', 'es'],
  'dialog.errorTitle': ['es'],
  'errorPages.error.title': ['es'],
  'cycles.eco': ['it', 'es'],
  'cycles.long': ['fr'],
  'cycles.regeneration': ['de'],
  'toggles.absent': ['fr'],
  'layout.menu.administration': ['fr'],
  'admin.title': ['fr'],
  'layout.layoutMode.horizontal': ['fr', 'es'],
  'common.optional': ['de'],
  'roles.ADMIN': ['de'],
  'device.fields.revision': ['de'],
  'device.alarms.solution': ['fr'],
  'parameters.columns.code': ['fr', 'de'],
  'admin.defaultParameters.code': ['fr', 'de'],
  'haccp.columns.parameterName': ['de'],
  'parameters.columns.name': ['de'],
  'units.imperial': ['es'],
  // Country names spelt the same.
  'countries.FR': ['fr'],
};

function sameAsEnglishAllowed(path: string, lang: TLanguage): boolean {
  return Object.entries(SAME_AS_ENGLISH_ALLOWED).some(
    ([key, langs]) => (key.endsWith('.') ? path.startsWith(key) : path === key) && langs.includes(lang),
  );
}

/** True when the text has no letters outside its interpolations (e.g. "{{value}}%"). */
function hasNoWords(text: string): boolean {
  return !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));
}

describe('translation catalogue', () => {
  it('covers exactly the supported languages, Italian first and default', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    expect(SUPPORTED_LANGUAGES).toEqual(['it', 'en', 'fr', 'de', 'es']);
    expect(DEFAULT_LANGUAGE).toBe('it');
    expect(SUPPORTED_LANGUAGES.every(isLanguage)).toBe(true);
    expect(['nl', 'IT', '', undefined, 3].some(isLanguage)).toBe(false);
  });

  it('has a reasonably complete English reference', () => {
    expect(english.size).toBeGreaterThan(500);
  });

  it.each(SUPPORTED_LANGUAGES)('%s: every leaf is a non-empty string that is not its own key', (lang) => {
    const bad = [...flat[lang]].filter(([path, value]) => typeof value !== 'string' || value.trim() === '' || value === path);
    expect(bad.map(([path]) => path)).toEqual([]);
  });

  it.each(OTHERS)('%s: has every English key and no extra key', (lang) => {
    const keys = new Set(flat[lang].keys());
    expect([...english.keys()].filter((k) => !keys.has(k))).toEqual([]);
    expect([...keys].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(OTHERS)('%s: uses the same interpolation variables as English in every text', (lang) => {
    const mismatched = [...english]
      .map(([path, text]) => ({
        path,
        en: variables(String(text)),
        [lang]: variables(String(flat[lang].get(path) ?? '')),
      }))
      .filter((row) => row.en.join() !== (row[lang] as string[]).join());
    expect(mismatched).toEqual([]);
  });

  it('writes plural forms as complete _one/_other pairs', () => {
    for (const key of english.keys()) {
      const base = key.replace(/_(one|other)$/, '');
      if (base !== key) {
        expect(english.has(`${base}_one`) && english.has(`${base}_other`), key).toBe(true);
      }
    }
  });

  it.each(OTHERS)('%s: translates every text instead of copying English (save the allow-list)', (lang) => {
    const copied = [...english]
      .filter(([path, text]) => flat[lang].get(path) === text)
      .filter(([path, text]) => !hasNoWords(String(text)) && !sameAsEnglishAllowed(path, lang))
      .map(([path, text]) => `${path}: ${String(text)}`);
    expect(copied).toEqual([]);
  });

  it('keeps the allow-list honest: every listed key exists and really is identical to English', () => {
    for (const [key, langs] of Object.entries(SAME_AS_ENGLISH_ALLOWED)) {
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

  it('keeps language endonyms identical in every language', () => {
    for (const lang of SUPPORTED_LANGUAGES) {
      expect(catalogues[lang].layout.languageNames).toEqual({
        it: 'Italiano',
        en: 'English',
        fr: 'Français',
        de: 'Deutsch',
        es: 'Español',
      });
    }
  });

  it('holds the texts other code relies on', () => {
    expect(catalogues.en.common.loading).toBe('Loading…');
    expect(catalogues.en.layout.footer).toBe('© {{year}} {{brand}}. All rights reserved.');
    expect(catalogues.en.login.signin.invalidCredentials).toBe('Credentials not valid');
    expect(catalogues.en.validation.valueNotAllowed).toBe('Value not allowed (insert a correct value)');
    expect(catalogues.en.apiErrors.BRAND_REQUIRED).toBe('The X-Brand header is missing');
    expect(catalogues.en.machineState.IDLE).toBe('READY');
    for (const lang of SUPPORTED_LANGUAGES) {
      expect(catalogues[lang].mail.pendingApproval.body).toMatch(/3/);
      expect(catalogues[lang].apiErrors.ACCOUNT_PENDING_APPROVAL).toMatch(/3/);
    }
  });
});
