import 'i18next';
import type { en } from '@washboard/contracts/i18n/en';
import type { deviceEn } from '@washboard/contracts/i18n/device/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en; device: typeof deviceEn };
  }
}
