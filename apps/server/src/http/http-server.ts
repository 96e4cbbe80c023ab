import Fastify, { type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from '../config/env';
import { registerErrorHandler } from '../errors';
import { registerBrandHook } from '../brand/brand.hook';
import { serverLogging } from '../logger';
import { registerNulGuard } from './nul-guard';
import { registerSecurityHeaders } from './security-headers';
import { registerRequestContext } from './request-context';

/** proxy-addr's hop count (the `i`-th address from the socket is a proxy when i < hops), typed for Fastify. */
function trustHops(hops: number): (address: string, index: number) => boolean {
  return (_address, index) => index < hops;
}

/** The Fastify instance with the server's limits, logger and proxy trust; nothing registered yet. */
export function createHttpServer(config: TConfig) {
  return Fastify({
    ...serverLogging(config.LOG_LEVEL),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Off unless TRUST_PROXY names the proxies: a client must not choose its own address.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // The longest path parameter is an e-mail address (254 characters, RFC 5321): at the default
    // 100, a valid long address got 414 from the router instead of reaching its route.
    routerOptions: { maxParamLength: 254 },
  }).withTypeProvider<ZodTypeProvider>();
}

/**
 * What every request goes through before a route: zod validation and serialisation, the one error
 * handler, security headers, rate limiting (per route), the OpenAPI document and its UI,
 * the brand and the NUL guard.
 */
export async function registerHttpPlumbing(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerRequestContext(app);
  // Limits are set per route (sign-in, codes, resets…); nothing is limited unless a route says so.
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Washboard API',
        description:
          'Accounts, appliances and device data of the Washboard dashboard. Every API call carries `X-Brand` ' +
          '(LUMINA or KESTREL); signed-in calls also carry `Authorization: Bearer …` and `X-Subscription-Key`. ' +
          'Errors are `{code, message}` with the message in the language of `Accept-Language`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          subscriptionKey: { type: 'apiKey', in: 'header', name: 'X-Subscription-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerBrandHook(app);
  registerNulGuard(app);
}
