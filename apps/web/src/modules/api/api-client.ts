import {
  BRAND_HEADER,
  isApiErrorCode,
  SUBSCRIPTION_KEY_HEADER,
  type TApiErrorCode,
  type TErrorResponse,
} from '@washboard/contracts';
import { requestTracker } from './request-tracker';

/**
 * An API answer that is not 2xx, carrying the server's `{code, message}`. `code` is undefined when
 * the answer's code is not in the registry (the router's own 414, say): only `message` speaks then.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: TApiErrorCode | undefined,
    message: string,
    /** The whole answer, for errors that say more than `{code, message}` (an import's refused rows). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The ApiError of a failed answer; a body without a code (a proxy's page) counts as INTERNAL_ERROR. */
function answerError(res: Response, body: unknown): ApiError {
  const error = body as Partial<TErrorResponse> | undefined;
  const code = error?.code ?? 'INTERNAL_ERROR';
  return new ApiError(res.status, isApiErrorCode(code) ? code : undefined, error?.message ?? res.statusText, body);
}

/** A call that never reached the server (no network, whatever the browser says about it). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK_ERROR';
}

/** The API's answer that a thing is not there for this user: 404, or 403 for a machine the user may not see. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}

type TClientContext = {
  apiBase: string;
  brand: string;
  subscriptionKey: string;
  language: () => string;
  accessToken: () => string | undefined;
  /**
   * A 401 to a call that carried a token: first the tokens are renewed (an access token ends early
   * when the user's rights change) and the call is tried once more; only when that fails is the
   * session over (the app signs out to /login).
   */
  renewSession?: () => Promise<boolean>;
  onUnauthorized?: () => void;
};

/** After a 401: true when renewed tokens are worth one more try of the call. */
async function renewedAfter401(status: number, token: string | undefined, path: string): Promise<boolean> {
  if (status !== 401 || !token || !context || path.startsWith('/oauth2/')) return false;
  if (context.renewSession && (await context.renewSession()) && context.accessToken() !== token) return true;
  context.onUnauthorized?.();
  return false;
}

let context: TClientContext | undefined;

/** Set once at start-up: every call then carries the brand, language, key and token. */
export function configureApiClient(next: TClientContext): void {
  context = next;
}

/** What a channel other than fetch (the push WebSocket) needs to reach and authenticate to the API. */
export function apiCredentials(): { apiBase: string; brand: string; subscriptionKey: string; accessToken?: string } {
  if (!context) throw new Error('API client not configured');
  return {
    apiBase: context.apiBase,
    brand: context.brand,
    subscriptionKey: context.subscriptionKey,
    accessToken: context.accessToken(),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A request's options; `background`: a poll the user did not ask for, which shows no spinner. */
export type TApiInit = RequestInit & { background?: boolean };

/** A call to the API; throws ApiError with the server's translated message on failure. */
export async function apiFetch<T>(path: string, options: TApiInit = {}, retried = false): Promise<T> {
  if (!context) throw new Error('API client not configured');
  const { background = false, ...init } = options;
  const headers = new Headers(init.headers);
  headers.set(BRAND_HEADER, context.brand);
  headers.set('accept-language', context.language());
  const token = context.accessToken();
  if (token) {
    headers.set('authorization', `Bearer ${token}`);
    headers.set(SUBSCRIPTION_KEY_HEADER, context.subscriptionKey);
  }
  if (init.body && typeof init.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'application/json');
  if (!background) requestTracker.start();
  try {
    const res = await fetch(`${context.apiBase}${path}`, { ...init, headers });
    const text = await res.text();
    const body: unknown = text ? parseJson(text) : undefined;
    if (!res.ok) {
      if (!retried && (await renewedAfter401(res.status, token, path))) return await apiFetch<T>(path, options, true);
      throw answerError(res, body);
    }
    return body as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
  } finally {
    if (!background) requestTracker.end();
  }
}

/**
 * A file from the API (a PDF document, an export) with the same headers as `apiFetch`. A browser
 * cannot put the token on a plain link, so files are fetched here and shown through a blob URL.
 */
export async function apiFetchBlob(path: string, retried = false): Promise<Blob> {
  if (!context) throw new Error('API client not configured');
  const headers = new Headers({ [BRAND_HEADER]: context.brand, 'accept-language': context.language() });
  const token = context.accessToken();
  if (token) {
    headers.set('authorization', `Bearer ${token}`);
    headers.set(SUBSCRIPTION_KEY_HEADER, context.subscriptionKey);
  }
  requestTracker.start();
  try {
    const res = await fetch(`${context.apiBase}${path}`, { headers });
    if (!res.ok) {
      if (!retried && (await renewedAfter401(res.status, token, path))) return await apiFetchBlob(path, true);
      throw answerError(res, parseJson(await res.text()));
    }
    return await res.blob();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', error instanceof Error ? error.message : String(error));
  } finally {
    requestTracker.end();
  }
}

/** The path of one machine's event-hub call (device data and commands), below the API base. */
export function eventPath(serialNumber: string, call: string): string {
  return `/api/v1/event-hub-listener/event/${encodeURIComponent(serialNumber)}/${call}`;
}
