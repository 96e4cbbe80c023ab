import { ZErrorResponse } from '@washboard/contracts';

/** The `{code, message}` answers of a signed-in call, by status. */
export const signedInErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
} as const;

/** The answer of a route with a per-address limit (`config: limit(…)`) once the caller exceeds it. */
export const rateLimitedError = { 429: ZErrorResponse } as const;

/** OpenAPI security of signed-in calls: bearer token and subscription key. */
export const secured = [{ bearer: [], subscriptionKey: [] }];

/** The spec's `{"code":"200"}` answer. */
export const ok = { code: '200' as const };
