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
 * Paths among those whose callers cannot send `X-Brand`, matched whole (the query aside): the
 * public signing keys, read by any token's verifier; the push channel, whose brand comes in its
 * first message (browsers cannot set WebSocket headers); a notification mail's unsubscribe link,
 * opened by a browser or posted by a mail client (RFC 8058), whose signed token names the account,
 * and so the brand.
 */
const UNBRANDED: ReadonlySet<string> = new Set(['/oauth2/jwks', LIVE_PATH, '/api/v1/unsubscribe']);

/** The URL's path, without its query. */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

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
  if (!BRANDED.test(request.url) || UNBRANDED.has(pathOf(request.url))) return undefined;
  const header = request.headers[BRAND_HEADER];
  if (typeof header !== 'string' || header === '') return new AppError('BRAND_REQUIRED');
  if (!isBrandCode(header)) return new AppError('BRAND_UNKNOWN');
  request.brand = header;
  return undefined;
}
