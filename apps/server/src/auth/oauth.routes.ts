import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import {
  BROWSER_CLIENT_IDS,
  REFRESH_COOKIE,
  REFRESH_COOKIE_PATH,
  ZEmail,
  ZErrorResponse,
  ZTokenResponse,
  type TTokenResponse,
} from '@washboard/contracts';
import { REFRESH_TOKEN_DAYS } from './token.service';
import { AppError } from '../errors';
import type { SignInService } from '../account/sign-in.service';
import type { TSigningKeys } from './signing-keys';
import type { SignInThrottle } from './sign-in-throttle';
import type { TLimit } from '../http/rate-limit';

const ZTokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: ZEmail,
    password: z.string().min(1).max(200),
    client_id: z.string().min(1).max(100),
    scope: z.string().max(300).optional(),
    response_type: z.string().max(100).optional(),
    /** Browser clients: keep the refresh cookie across browser restarts (else it ends with the browser). */
    remember_me: z.enum(['true', 'false']).optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    /** The mobile client's token; a browser's comes in its cookie. */
    refresh_token: z.string().min(1).max(200).optional(),
    remember_me: z.enum(['true', 'false']).optional(),
    client_id: z.string().min(1).max(100),
    response_type: z.string().max(100).optional(),
    resource: z.string().max(300).optional(),
    scope: z.string().max(300).optional(),
  }),
]);

const ZRevokeRequest = z.object({
  /** The refresh token to revoke; a browser's comes in its cookie. */
  token: z.string().min(1).max(200).optional(),
  client_id: z.string().max(100).optional(),
  token_type_hint: z.string().max(50).optional(),
});

/**
 * A public signing key as /oauth2/jwks publishes it (RFC 7517). Only these members are sent: the
 * serializer drops anything else the stored key holds, so its private part can never leave.
 */
const ZPublicJwk = z.object({
  kty: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
  kid: z.string().optional(),
  alg: z.string().optional(),
  use: z.string().optional(),
});

/** OpenID Connect discovery (OpenID Connect Discovery 1.0 §3), the members this server fills in. */
const ZOpenIdConfiguration = z.object({
  issuer: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  jwks_uri: z.string(),
  userinfo_endpoint: z.string(),
  grant_types_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  id_token_signing_alg_values_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
});

type TOptions = {
  signIn: SignInService;
  keys: TSigningKeys;
  clients: Record<string, string>;
  issuer: string;
  signInThrottle: SignInThrottle;
  limit: TLimit;
};

const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|[a-z0-9-]+\.localhost)$/i;

/**
 * `Secure` whenever the browser will keep such a cookie: over HTTPS, and on this machine (browsers
 * treat localhost as secure). A deployment on plain HTTP elsewhere gets the cookie without it, as it
 * gets everything else in clear (docs/accounts.md).
 */
function secureContext(request: FastifyRequest): boolean {
  return request.protocol === 'https' || LOCAL_HOST.test(request.hostname.replace(/:\d+$/, ''));
}

/** The refresh token of a browser client goes into its cookie and out of the answer. */
function deliver(request: FastifyRequest, reply: FastifyReply, tokens: TTokenResponse, clientId: string, remember: boolean) {
  if (!BROWSER_CLIENT_IDS.includes(clientId) || !tokens.refresh_token) return tokens;
  void reply.setCookie(REFRESH_COOKIE, tokens.refresh_token, {
    httpOnly: true,
    secure: secureContext(request),
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
    ...(remember ? { maxAge: REFRESH_TOKEN_DAYS * 86_400 } : {}),
  });
  const { refresh_token: _inCookie, ...rest } = tokens;
  return rest;
}

function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    secure: secureContext(request),
    sameSite: 'strict',
    path: REFRESH_COOKIE_PATH,
  });
}

/** The token endpoint (password and refresh grants, form-encoded), revocation, keys and discovery. */
export const oauthRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { signIn, keys, clients, issuer, signInThrottle, limit },
) => {
  // Only these routes read or set a cookie (the refresh token's): registered here, its hooks stay
  // off every other call.
  await app.register(fastifyCookie);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.post(
    '/oauth2/token',
    {
      config: limit(30, '1 minute'),
      schema: {
        tags: ['auth'],
        summary: 'Token endpoint: password and refresh_token grants (application/x-www-form-urlencoded)',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZTokenRequest,
        // 413: the form parser above takes at most 8 KiB.
        response: { 200: ZTokenResponse, 400: ZErrorResponse, 413: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Its own keys only: `in` took inherited names too (`constructor`).
      if (!Object.hasOwn(clients, body.client_id)) throw new AppError('INVALID_CREDENTIALS');
      void reply.header('cache-control', 'no-store');
      const remember = body.remember_me === 'true';
      if (body.grant_type === 'refresh_token') {
        const presented = body.refresh_token ?? request.cookies[REFRESH_COOKIE];
        if (!presented) throw new AppError('REFRESH_TOKEN_INVALID');
        return deliver(request, reply, await signIn.refresh(presented, body.client_id), body.client_id, remember);
      }
      const account = `${request.brand}:${body.username.toLowerCase()}`;
      await signInThrottle.admit(account, request.ip);
      const tokens = await signIn.withPassword(request.brand, body.username, body.password, body.client_id);
      signInThrottle.succeeded(account, request.ip);
      return deliver(request, reply, tokens, body.client_id, remember);
    },
  );

  app.post(
    '/oauth2/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revokes a refresh token (the body token, or the browser cookie) and its family (logout)',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZRevokeRequest,
        response: { 200: z.object({}), 400: ZErrorResponse, 413: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const token = request.body.token ?? request.cookies[REFRESH_COOKIE];
      if (token) await signIn.revoke(token);
      clearRefreshCookie(request, reply);
      return {};
    },
  );

  app.get(
    '/oauth2/jwks',
    {
      schema: {
        tags: ['auth'],
        summary: 'Public keys that verify access and id tokens',
        response: { 200: z.object({ keys: z.array(ZPublicJwk) }) },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return { keys: keys.publicJwks };
    },
  );

  app.get(
    '/.well-known/openid-configuration',
    { schema: { tags: ['auth'], summary: 'OpenID discovery document', response: { 200: ZOpenIdConfiguration } } },
    async () => ({
      issuer,
      token_endpoint: `${issuer}/oauth2/token`,
      revocation_endpoint: `${issuer}/oauth2/revoke`,
      jwks_uri: `${issuer}/oauth2/jwks`,
      userinfo_endpoint: `${issuer}/api/v1/account/userinfo`,
      grant_types_supported: ['password', 'refresh_token'],
      response_types_supported: ['id_token token'],
      scopes_supported: ['openid', 'offline_access', ...Object.keys(clients)],
      id_token_signing_alg_values_supported: ['ES256'],
      token_endpoint_auth_methods_supported: ['none'],
    }),
  );
};
