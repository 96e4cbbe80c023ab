import type { FastifyRequest } from 'fastify';
import { SUBSCRIPTION_KEY_HEADER, type TAdminProfile, type TRole } from '@washboard/contracts';
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
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
    const user = token ? await tokens.verify(token) : undefined;
    if (!user || user.brand !== request.brand) throw new AppError('UNAUTHORIZED');
    const key = request.headers[SUBSCRIPTION_KEY_HEADER];
    if (typeof key !== 'string' || clients[user.clientId] !== key) throw new AppError('UNAUTHORIZED');
    request.user = user;
  };
}

/** preHandler: the caller's role must be one of `roles` (else 403). */
export function requireRole(...roles: TRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!roles.includes(request.user.role)) throw new AppError('FORBIDDEN');
  };
}

/** preHandler: an ADMIN, or a holder of the administration profile `profile` (else 403). */
export function requireAdminProfile(profile: TAdminProfile) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.user.role !== 'ADMIN' && !request.user.administrationProfile.includes(profile)) throw new AppError('FORBIDDEN');
  };
}
