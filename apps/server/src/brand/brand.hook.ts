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

/** Refuses API calls without a known `X-Brand` (upper case, as the spec sends it). */
export function registerBrandHook(app: FastifyInstance): void {
  app.decorateRequest('brand', 'LUMINA');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // The push channel's brand comes in its first message: browsers cannot set WebSocket headers.
    if (!BRANDED.test(request.url) || request.url.startsWith('/oauth2/jwks') || request.url.startsWith(LIVE_PATH)) return;
    const header = request.headers[BRAND_HEADER];
    if (typeof header !== 'string' || header === '') throw new AppError('BRAND_REQUIRED');
    if (!isBrandCode(header)) throw new AppError('BRAND_UNKNOWN');
    request.brand = header;
  });
}
