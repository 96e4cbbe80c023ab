import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmail, ZErrorResponse, ZTokenResponse } from '@washboard/contracts';
import { AppError } from '../errors';
import type { AccountService } from '../account/account.service';
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
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(200),
    client_id: z.string().min(1).max(100),
    response_type: z.string().max(100).optional(),
    resource: z.string().max(300).optional(),
    scope: z.string().max(300).optional(),
  }),
]);

const ZRevokeRequest = z.object({
  token: z.string().min(1).max(200),
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
  accounts: AccountService;
  keys: TSigningKeys;
  clients: Record<string, string>;
  issuer: string;
  signInThrottle: SignInThrottle;
  limit: TLimit;
};

/** The token endpoint (password and refresh grants, form-encoded), revocation, keys and discovery. */
export const oauthRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { accounts, keys, clients, issuer, signInThrottle, limit },
) => {
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
      if (!(body.client_id in clients)) throw new AppError('INVALID_CREDENTIALS', 400);
      void reply.header('cache-control', 'no-store');
      if (body.grant_type === 'refresh_token') return accounts.refresh(body.refresh_token, body.client_id);
      const account = `${request.brand}:${body.username.toLowerCase()}`;
      await signInThrottle.admit(account, request.ip);
      const tokens = await accounts.signIn(request.brand, body.username, body.password, body.client_id);
      signInThrottle.succeeded(account, request.ip);
      return tokens;
    },
  );

  app.post(
    '/oauth2/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revokes a refresh token and its family (logout)',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZRevokeRequest,
        response: { 200: z.object({}), 400: ZErrorResponse, 413: ZErrorResponse },
      },
    },
    async (request) => {
      await accounts.revoke(request.body.token);
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
      return { keys: [keys.publicJwk] };
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
