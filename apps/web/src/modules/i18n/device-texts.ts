import { use } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@washboard/contracts';
import type { TDeviceCatalogue } from '@washboard/contracts/i18n/device/index';

/** The i18next namespace of the device texts (alarms, solutions, parameters, units). */
export const DEVICE_NS = 'device';

/** Each language's device texts are their own chunk, loaded only by the pages that show machines. */
const loaders: Record<TLanguage, () => Promise<TDeviceCatalogue>> = {
  it: () => import('@washboard/contracts/i18n/device/it').then((m) => m.deviceIt),
  en: () => import('@washboard/contracts/i18n/device/en').then((m) => m.deviceEn),
  fr: () => import('@washboard/contracts/i18n/device/fr').then((m) => m.deviceFr),
  de: () => import('@washboard/contracts/i18n/device/de').then((m) => m.deviceDe),
  es: () => import('@washboard/contracts/i18n/device/es').then((m) => m.deviceEs),
};

const pending = new Map<TLanguage, Promise<void>>();

/** Loads the device texts of a language (once) into i18next's `device` namespace. */
export function loadDeviceTexts(lang: TLanguage): Promise<void> {
  let promise = pending.get(lang);
  if (!promise) {
    promise = loaders[lang]().then((texts) => {
      i18next.addResourceBundle(lang, DEVICE_NS, texts, true, true);
    });
    pending.set(lang, promise);
  }
  return promise;
}

function languagesToLoad(): TLanguage[] {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) && lang !== DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE, lang] : [DEFAULT_LANGUAGE];
}

const combined = new Map<string, Promise<void>>();

function deviceTextsReady(): Promise<void> {
  const langs = languagesToLoad();
  const key = langs.join(',');
  let promise = combined.get(key);
  if (!promise) {
    promise = Promise.all(langs.map(loadDeviceTexts)).then(() => undefined);
    combined.set(key, promise);
  }
  return promise;
}

// A page that showed device texts keeps them in the new language after a switch.
i18next.on('languageChanged', (lang) => {
  if (pending.size > 0 && isLanguage(lang)) void loadDeviceTexts(lang);
});

/**
 * `t` of the `device` namespace, e.g. `t('alarms.OH01')`, `t('parameters.S2.label')`. Suspends (the
 * page's Suspense shows its loader) until the texts of the current language and the Italian fallback
 * are loaded.
 */
export function useDeviceTranslation() {
  const translation = useTranslation(DEVICE_NS);
  use(deviceTextsReady());
  return translation;
}
