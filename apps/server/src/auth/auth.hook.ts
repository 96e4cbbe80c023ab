import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasAdminProfile, isBrandCode, SUBSCRIPTION_KEY_HEADER, type TAdminProfile } from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser, TokenService } from './token.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, set by `authenticate`. */
    user: TAuthUser;
  }
}

/**
 * onRequest hook of signed-in calls: a valid bearer token of this brand and the subscription key of
 * the client the token was issued to. It runs before the request is parsed and validated, so a
 * caller without a token gets 401 and learns nothing of what a valid request looks like.
 */
export function authenticate(tokens: TokenService, clients: Record<string, string>) {
  // A callback hook: a token verified before is answered without a promise (most calls).
  return (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void => {
    const header = request.headers.authorization;
    const presented = {
      token: header?.startsWith('Bearer ') ? header.slice(7) : undefined,
      brand: request.brand,
      subscriptionKey: request.headers[SUBSCRIPTION_KEY_HEADER],
    };
    const admit = (user: TAuthUser | undefined) => {
      if (!user) return done(new AppError('UNAUTHORIZED'));
      request.user = user;
      done();
    };
    const known = presented.token === undefined ? { user: undefined } : tokens.verifiedBefore(presented.token);
    if (known) admit(known.user && presentedBy(known.user, clients, presented));
    else callerOf(tokens, clients, presented).then(admit, done);
  };
}

/**
 * Who calls, the one check of HTTP calls and of the push channel's first message: a valid access
 * token, issued for this brand, presented with the subscription key of the client it was issued
 * to. Undefined for anything else.
 */
export async function callerOf(
  tokens: TokenService,
  clients: Record<string, string>,
  presented: { token?: unknown; brand?: unknown; subscriptionKey?: unknown },
): Promise<TAuthUser | undefined> {
  const user = typeof presented.token === 'string' ? await tokens.verify(presented.token) : undefined;
  return user && presentedBy(user, clients, presented);
}

/** The token's holder if the call is of the token's brand and carries its client's subscription key. */
function presentedBy(
  user: TAuthUser,
  clients: Record<string, string>,
  presented: { brand?: unknown; subscriptionKey?: unknown },
): TAuthUser | undefined {
  if (!isBrandCode(presented.brand) || user.brand !== presented.brand) return undefined;
  if (typeof presented.subscriptionKey !== 'string' || clients[user.clientId] !== presented.subscriptionKey) return undefined;
  return user;
}

/**
 * preHandler: the caller must hold the permission (a rule of contracts' `roles.ts`, which the web
 * uses to show the same screens), else 403.
 */
export function requirePermission(allowed: (user: TAuthUser) => boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!allowed(request.user)) throw new AppError('FORBIDDEN');
  };
}

/** preHandler: an ADMIN, or a holder of the administration profile `profile` (else 403). */
export function requireAdminProfile(profile: TAdminProfile) {
  return requirePermission((user) => hasAdminProfile(user, profile));
}
