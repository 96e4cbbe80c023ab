import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, SUPPORTED_LANGUAGES, type TCatalogue, type TLanguage } from '@washboard/contracts';

const STORAGE_KEY = 'wb.language';
/** Set when the language was chosen on a screen without a session; the next sign-in keeps it. */
const CHOSEN_SIGNED_OUT_KEY = 'wb.languageChosenSignedOut';

/**
 * Each language is its own chunk: /login loads only the current one and the Italian fallback. The
 * bundler needs one literal import per language; the Record keeps them in step with the list.
 */
const loaders: Record<TLanguage, () => Promise<TCatalogue>> = {
  it: () => import('@washboard/contracts/i18n/it').then((m) => m.it),
  en: () => import('@washboard/contracts/i18n/en').then((m) => m.en),
  fr: () => import('@washboard/contracts/i18n/fr').then((m) => m.fr),
  de: () => import('@washboard/contracts/i18n/de').then((m) => m.de),
  es: () => import('@washboard/contracts/i18n/es').then((m) => m.es),
};

export function storedLanguage(): TLanguage {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

async function ensureLoaded(lang: TLanguage): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'translation')) return;
  i18next.addResourceBundle(lang, 'translation', await loaders[lang]());
}

/** Starts i18next in the stored language (Italian by default and as fallback). */
export async function initI18n(): Promise<typeof i18next> {
  const lang = storedLanguage();
  const [fallback, current] = await Promise.all([loaders[DEFAULT_LANGUAGE](), loaders[lang]()]);
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    resources: { [DEFAULT_LANGUAGE]: { translation: fallback }, [lang]: { translation: current } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
  return i18next;
}

/** Switches the interface language and remembers it in this browser. */
export async function changeLanguage(lang: TLanguage): Promise<void> {
  await ensureLoaded(lang);
  localStorage.setItem(STORAGE_KEY, lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export function currentLanguage(): TLanguage {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * Remembers that `lang` was chosen before signing in: it then wins over the profile's language. Kept
 * for this tab's session only, so a choice left behind cannot reach the profile of whoever signs in
 * on this browser another day.
 */
export function rememberSignedOutChoice(lang: TLanguage): void {
  sessionStorage.setItem(CHOSEN_SIGNED_OUT_KEY, lang);
}

/** The language chosen before signing in, if any, forgotten once read (a sign-in uses it once). */
export function takeSignedOutChoice(): TLanguage | undefined {
  const chosen = sessionStorage.getItem(CHOSEN_SIGNED_OUT_KEY);
  sessionStorage.removeItem(CHOSEN_SIGNED_OUT_KEY);
  return isLanguage(chosen) ? chosen : undefined;
}
