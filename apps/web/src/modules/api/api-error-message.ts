import i18next, { type TFunction } from 'i18next';
import type { en } from '@washboard/contracts/i18n/en';
import { ApiError } from './api-client';

type TApiErrorCode = keyof typeof en.apiErrors;

/**
 * The text of a failed call in the current language: the catalogue's `apiErrors.<code>`, else the
 * server's own (already translated) message, else `fallback`.
 */
export function apiErrorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (i18next.exists(`apiErrors.${error.code}`)) return t(`apiErrors.${error.code as TApiErrorCode}`);
  return error.message || fallback;
}
