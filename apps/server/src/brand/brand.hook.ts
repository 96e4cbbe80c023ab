import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BRAND_HEADER, LIVE_PATH, isBrandCode, type TBrandCode } from '@washboard/contracts';
import { AppError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand of this call, from `X-Brand`; every query is scoped to it. */
    brand: TBrandCode;
  }
}

/** Paths whose calls must carry `X-Brand` (the API and the token endpoint). */
const BRANDED = /^\/(api|oauth2)(\/|$)/;
/**
 * A notification mail's unsubscribe link, opened by a browser or posted by a mail client (RFC 8058),
 * neither of which sends `X-Brand`: its signed token names the account, and so the brand.
 */
const UNSUBSCRIBE = /^\/api\/v1\/unsubscribe(\?|$)/;

/** Refuses API calls without a known `X-Brand` (upper case, as the spec sends it). */
export function registerBrandHook(app: FastifyInstance): void {
  app.decorateRequest('brand', 'LUMINA');
  // A callback hook, not an async one: it runs on every call and needs no promise.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    done(brandError(request));
  });
}

/** Sets the call's brand; the error to answer with when it has none or an unknown one. */
function brandError(request: FastifyRequest): AppError | undefined {
  // The push channel's brand comes in its first message: browsers cannot set WebSocket headers.
  if (
    !BRANDED.test(request.url) ||
    request.url.startsWith('/oauth2/jwks') ||
    request.url.startsWith(LIVE_PATH) ||
    UNSUBSCRIBE.test(request.url)
  ) {
    return undefined;
  }
  const header = request.headers[BRAND_HEADER];
  if (typeof header !== 'string' || header === '') return new AppError('BRAND_REQUIRED');
  if (!isBrandCode(header)) return new AppError('BRAND_UNKNOWN');
  request.brand = header;
  return undefined;
}
