import type { FastifyInstance } from 'fastify';
import { findUnstorable } from '../db/storable-text';
import { AppError } from '../errors';

/**
 * PostgreSQL cannot store a NUL character, nor half of a surrogate pair in JSON, and no field of
 * ours has a use for either (`findUnstorable`): any request that carries one (path, query or body,
 * encoded or not) is refused as a validation error before a route sees it, so that nothing fails in
 * the database, or is changed silently on its way there. It runs after authentication, so a caller
 * without a token learns nothing.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const where = /%00/i.test(request.url)
      ? 'url'
      : (findUnstorable(request.params, 'params') ??
        findUnstorable(request.query, 'querystring') ??
        findUnstorable(request.body, 'body'));
    done(where ? new AppError('VALIDATION_FAILED', { fields: where }) : undefined);
  });
}
