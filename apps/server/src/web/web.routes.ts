import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZRuntimeConfig, type TRuntimeConfig } from '@washboard/contracts';
import { AppError } from '../errors';

/** Paths the single-page app never owns: they answer JSON 404s instead of index.html. */
const NOT_SPA = /^\/(api|oauth2|docs|openapi\.json|healthz|readyz|legal|assets|dev)(\/|$|\?)/;

export const runtimeConfigRoutes: FastifyPluginAsyncZod<{ runtimeConfig: TRuntimeConfig }> = async (app, { runtimeConfig }) => {
  app.get(
    '/config.json',
    {
      schema: {
        tags: ['web'],
        summary: "The web app's runtime configuration (brands, client id, subscription key)",
        response: { 200: ZRuntimeConfig },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return runtimeConfig;
    },
  );
};

/**
 * Serves the built web app: hashed assets cached for a year, every other GET that accepts HTML
 * answered with index.html so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run `npm run build`)');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !NOT_SPA.test(request.url) && (request.headers.accept ?? '').includes('text/html');
    if (root && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('ROUTE_NOT_FOUND');
  });
}
