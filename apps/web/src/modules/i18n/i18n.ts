import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  CATALOGUE_PART_NAMES,
  DEFAULT_LANGUAGE,
  isLanguage,
  SUPPORTED_LANGUAGES,
  type TCatalogue,
  type TCataloguePart,
  type TLanguage,
  withPluralFallbacks,
} from '@washboard/contracts';
import { STORAGE_KEYS } from '../runtime/storage-keys';

const STORAGE_KEY = STORAGE_KEYS.language;
/** Set when the language was chosen on a screen without a session; the next sign-in keeps it. */
const CHOSEN_SIGNED_OUT_KEY = 'wb.languageChosenSignedOut';

type TPart = Partial<TCatalogue>;
const part = (module: { default: TPart }) => module.default;

/**
 * Each part of each language is its own chunk (docs/texts.md): a first visit loads only the parts
 * its first screen needs, in the current language and the Italian fallback. The bundler needs one
 * literal import per chunk; the Records keep them in step with the lists.
 */
const loaders: Record<TLanguage, Record<TCataloguePart, () => Promise<TPart>>> = {
  it: {
    core: () => import('virtual:catalogue/it/core').then(part),
    account: () => import('virtual:catalogue/it/account').then(part),
    landing: () => import('virtual:catalogue/it/landing').then(part),
    mobile: () => import('virtual:catalogue/it/mobile').then(part),
    signedIn: () => import('virtual:catalogue/it/signedIn').then(part),
  },
  en: {
    core: () => import('virtual:catalogue/en/core').then(part),
    account: () => import('virtual:catalogue/en/account').then(part),
    landing: () => import('virtual:catalogue/en/landing').then(part),
    mobile: () => import('virtual:catalogue/en/mobile').then(part),
    signedIn: () => import('virtual:catalogue/en/signedIn').then(part),
  },
  fr: {
    core: () => import('virtual:catalogue/fr/core').then(part),
    account: () => import('virtual:catalogue/fr/account').then(part),
    landing: () => import('virtual:catalogue/fr/landing').then(part),
    mobile: () => import('virtual:catalogue/fr/mobile').then(part),
    signedIn: () => import('virtual:catalogue/fr/signedIn').then(part),
  },
  de: {
    core: () => import('virtual:catalogue/de/core').then(part),
    account: () => import('virtual:catalogue/de/account').then(part),
    landing: () => import('virtual:catalogue/de/landing').then(part),
    mobile: () => import('virtual:catalogue/de/mobile').then(part),
    signedIn: () => import('virtual:catalogue/de/signedIn').then(part),
  },
  es: {
    core: () => import('virtual:catalogue/es/core').then(part),
    account: () => import('virtual:catalogue/es/account').then(part),
    landing: () => import('virtual:catalogue/es/landing').then(part),
    mobile: () => import('virtual:catalogue/es/mobile').then(part),
    signedIn: () => import('virtual:catalogue/es/signedIn').then(part),
  },
};

export function storedLanguage(): TLanguage {
  const stored = localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The parts wanted in every language shown (the current one and the fallback). */
const wanted = new Set<TCataloguePart>();
const fetched = new Map<string, Promise<TPart>>();
/** `<language>/<part>` of the parts i18next holds. */
const held = new Set<string>();

function fetchPart(lang: TLanguage, p: TCataloguePart): Promise<TPart> {
  const key = `${lang}/${p}`;
  let promise = fetched.get(key);
  if (!promise) {
    // i18next may ask for a plural form the catalogue leaves out (`many`): `_other` stands for it.
    promise = loaders[lang][p]().then((bundle) => withPluralFallbacks(bundle, lang));
    // A failed download (a lost network) is tried again next time.
    promise.catch(() => fetched.delete(key));
    fetched.set(key, promise);
  }
  return promise;
}

/** Adds the wanted parts `lang` does not hold yet. */
async function ensureLoaded(lang: TLanguage): Promise<void> {
  const missing = [...wanted].filter((p) => !held.has(`${lang}/${p}`));
  const bundles = await Promise.all(missing.map((p) => fetchPart(lang, p)));
  missing.forEach((p, i) => {
    if (held.has(`${lang}/${p}`)) return;
    held.add(`${lang}/${p}`);
    i18next.addResourceBundle(lang, 'translation', bundles[i], true, true);
  });
}

/**
 * Starts i18next in the stored language (Italian by default and as fallback) with the catalogue's
 * `parts` its first screen needs (the dashboard's sign-in: core and account; the companion's
 * landing: core and landing).
 */
export async function initI18n(parts: readonly TCataloguePart[]): Promise<typeof i18next> {
  const lang = storedLanguage();
  for (const p of parts) wanted.add(p);
  const languages = [...new Set<TLanguage>([DEFAULT_LANGUAGE, lang])];
  const resources = Object.fromEntries(
    await Promise.all(
      languages.map(async (l) => {
        const bundles = await Promise.all(parts.map((p) => fetchPart(l, p)));
        for (const p of parts) held.add(`${l}/${p}`);
        return [l, { translation: Object.assign({}, ...bundles) as TPart }] as const;
      }),
    ),
  );
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    resources,
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    // A part added later re-renders what is on screen.
    react: { bindI18nStore: 'added' },
  });
  document.documentElement.lang = lang;
  return i18next;
}

/** Loads `parts` of the catalogue, in the languages shown (and later switched to). */
export async function loadTexts(parts: readonly TCataloguePart[]): Promise<void> {
  for (const p of parts) wanted.add(p);
  await Promise.all([ensureLoaded(DEFAULT_LANGUAGE), ensureLoaded(currentLanguage())]);
}

/** A lazily loaded screen that shows `parts` of the catalogue: its chunk and theirs, fetched side by side. */
export async function withTexts<M>(parts: readonly TCataloguePart[], load: Promise<M>): Promise<M> {
  const [module] = await Promise.all([load, loadTexts(parts)]);
  return module;
}

/** A lazily loaded screen behind the sign-in: its chunk and the whole catalogue. */
export function withAllTexts<M>(load: Promise<M>): Promise<M> {
  return withTexts(CATALOGUE_PART_NAMES, load);
}

/** Switches the interface language and remembers it in this browser. */
export async function changeLanguage(lang: TLanguage): Promise<void> {
  await ensureLoaded(lang);
  localStorage.setItem(STORAGE_KEY, lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
  // A screen that asked for more parts while the switch downloaded got them in the old language.
  await ensureLoaded(lang);
}

/**
 * For a page opened by someone who may never have used the dashboard (an inspector link): the
 * browser's own language, when this browser never chose one here and the catalogue has it. Nothing
 * is stored: a choice made with the language picker is.
 */
export async function followBrowserLanguage(): Promise<void> {
  if (localStorage.getItem(STORAGE_KEY)) return;
  const lang = navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  if (!lang || lang === currentLanguage()) return;
  await ensureLoaded(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export function currentLanguage(): TLanguage {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** The language shown, as `currentLanguage`, for a component: it renders again when the language changes. */
export function useLanguage(): TLanguage {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
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
