import { ZErrorResponse, ZSerialParams } from '@washboard/contracts';

/** OpenAPI security of signed-in calls: bearer token and subscription key. */
export const secured = [{ bearer: [], subscriptionKey: [] }];

/** The `{code, message}` answers of a signed-in call, by status. */
export const signedInErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
} as const;

/**
 * The answers of a call about one machine under /api/v1/event-hub-listener/event/{serialNumber}/…:
 * a signed-in call's, plus 504 when the machine does not answer in time.
 */
export const deviceDataErrors = { ...signedInErrors, 504: ZErrorResponse } as const;

/** The route schema shared by the reads of one machine's data (its serial number in the path). */
export const deviceDataRead = { tags: ['device data'], security: secured, params: ZSerialParams };

/** The answer of a route with a per-address limit (`config: limit(…)`) once the caller exceeds it. */
export const rateLimitedError = { 429: ZErrorResponse } as const;

/** The spec's `{"code":"200"}` answer. */
export const ok = { code: '200' as const };
