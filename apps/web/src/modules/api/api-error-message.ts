import i18next, { type TFunction } from 'i18next';
import { apiErrorKey } from '@washboard/contracts';
import { ApiError, isNetworkError } from './api-client';

/**
 * The text of a failed call in the current language: the catalogue's `apiErrors.<code>`, else the
 * server's own (already translated) message, else `fallback`.
 */
export function apiErrorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code && i18next.exists(apiErrorKey(error.code))) return t(apiErrorKey(error.code));
  return error.message || fallback;
}

/**
 * The text of a failed call whose server message says more than the catalogue (a wrong PIN's tries
 * left): that message as it came, already translated; for a call that never reached the server, the
 * catalogue's network error instead of the browser's own words ("Failed to fetch").
 */
export function serverErrorMessage(error: Error, t: TFunction): string {
  return isNetworkError(error) ? t(apiErrorKey('NETWORK_ERROR')) : error.message;
}
