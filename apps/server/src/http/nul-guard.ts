import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Where a NUL character sits in a parsed value, e.g. `body.firstName`; undefined when none does. */
export function findNul(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? where : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return where;
    const found = findNul(item, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL character in text, and no field of ours has a use for one: any
 * request that carries one (path, query or body, encoded or not) is refused as a validation error
 * before a route sees it. It runs after authentication, so a caller without a token learns nothing.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const where = /%00/i.test(request.url)
      ? 'url'
      : (findNul(request.params, 'params') ?? findNul(request.query, 'querystring') ?? findNul(request.body, 'body'));
    done(where ? new AppError('VALIDATION_FAILED', { fields: where }) : undefined);
  });
}
