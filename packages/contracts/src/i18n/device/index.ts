import type { TLanguage } from '../languages';
import type { TDeviceCatalogue } from './catalogue';
import { deviceDe } from './de';
import { deviceEn } from './en';
import { deviceEs } from './es';
import { deviceFr } from './fr';
import { deviceIt } from './it';

export type { TDeviceCatalogue } from './catalogue';

/** The i18next namespace of the device texts (alarms, solutions, parameters, units). */
export const DEVICE_NAMESPACE = 'device';

/**
 * The device texts of every supported language. The web loads one language at a time from
 * `@washboard/contracts/i18n/device/<lang>`; the server uses this map (alarm PDF, API messages).
 */
export const deviceCatalogues = {
  it: deviceIt,
  en: deviceEn,
  fr: deviceFr,
  de: deviceDe,
  es: deviceEs,
} as const satisfies Record<TLanguage, TDeviceCatalogue>;
