import i18next, { type TFunction } from 'i18next';
import { apiErrorKey } from '@washboard/contracts';
import { ApiError } from './api-client';

/**
 * The text of a failed call in the current language: the catalogue's `apiErrors.<code>`, else the
 * server's own (already translated) message, else `fallback`.
 */
export function apiErrorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code && i18next.exists(apiErrorKey(error.code))) return t(apiErrorKey(error.code));
  return error.message || fallback;
}
