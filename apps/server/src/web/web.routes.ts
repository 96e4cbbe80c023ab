import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BRANDS,
  brandForHost,
  companionManifest,
  COMPANION_BASE,
  ZCompanionManifest,
  ZCompanionManifestQuery,
  ZErrorResponse,
  INSPECTOR_PAGE_PATH,
  ZRuntimeConfig,
  type TRuntimeConfig,
} from '@washboard/contracts';
import { AppError } from '../errors';
import { documentPolicyFor } from '../http/security-headers';
import { languageFromHeader, translate } from '../i18n/translate';

/** Paths the single-page app never owns: they answer JSON 404s instead of index.html. */
const NOT_SPA = /^\/(api|oauth2|docs|openapi\.json|healthz|readyz|metrics|\.well-known|legal|assets|dev)(\/|$|\?)/;

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

  app.get(
    `${COMPANION_BASE}manifest.webmanifest`,
    {
      schema: {
        tags: ['web'],
        summary: "The companion app's web manifest, in the brand of the host name or of `?brand=`",
        querystring: ZCompanionManifestQuery,
        response: { 200: ZCompanionManifest, 400: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const brand = request.query.brand ?? brandForHost(request.hostname, runtimeConfig.brandHosts, runtimeConfig.defaultBrand);
      void reply.header('cache-control', 'no-cache').type('application/manifest+json');
      const lang = languageFromHeader(request.headers['accept-language']);
      const description = translate(lang, 'companionLanding.intro', { brand: BRANDS[brand].title });
      return companionManifest(brand, request.query.brand !== undefined, { lang, description });
    },
  );
};

/**
 * Serves the built web app: hashed assets cached for a year and compressed at build time (Brotli or
 * gzip, as the browser accepts), every other GET that accepts HTML answered with index.html so
 * client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist && existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  const companionPage = root ? path.join(root, 'app', 'index.html') : undefined;
  const companion = companionPage !== undefined && existsSync(companionPage);
  // The companion's page runs an inline script of its own before the first paint: its hash is allowed.
  const companionPolicy = companion ? documentPolicyFor(readFileSync(companionPage, 'utf8')) : undefined;
  if (companionPolicy)
    // The page as a file too: the service worker precaches it from there and answers navigations with it.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.split('?')[0] === `${COMPANION_BASE}index.html`)
        void reply.header('content-security-policy', companionPolicy);
      done();
    });
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text file: sent as they are to a browser that takes them.
      preCompressed: true,
      // Ours below, not send's own `public, max-age=0`, which would replace them.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: serving the API only (run `npm run build`)');
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (root && (request.method === 'GET' || request.method === 'HEAD') && wantsApp(request.url, request.headers.accept)) {
      const which = appOf(request.url);
      // The companion's scope is /app/: its bare name is sent there, so the service worker sees the visit.
      if (which === 'companion-bare') return reply.redirect(`${COMPANION_BASE}${request.url.slice(4)}`);
      if (which === 'companion' && companionPolicy)
        return reply
          .header('cache-control', 'no-cache')
          .header('content-security-policy', companionPolicy)
          .sendFile('app/index.html');
      // An inspector link's page (docs/security.md, "Inspector links"): its address is a bearer token, never to be indexed.
      if (request.url.startsWith(INSPECTOR_PAGE_PATH)) void reply.header('x-robots-tag', 'noindex, nofollow');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('ROUTE_NOT_FOUND');
  });
}

/** Which app a page belongs to: the companion (/app/…), its bare name (/app, /app?…), or the dashboard. */
export function appOf(url: string): 'companion' | 'companion-bare' | 'dashboard' {
  if (/^\/app\//.test(url)) return 'companion';
  if (/^\/app(\?|$)/.test(url)) return 'companion-bare';
  return 'dashboard';
}

/**
 * Whether an unknown path is a page of the single-page app. A browser's page load asks for HTML; a
 * client that asks for nothing in particular (`*\/*` or no Accept, as curl does) gets the app too, as
 * from Vite's dev server, unless the path names a file (`/robots.txt`: a missing file stays a 404,
 * like connect-history-api-fallback's dot rule). Asking for JSON keeps the JSON 404, and so do the
 * paths the app never owns.
 */
export function wantsApp(url: string, accept: string | undefined): boolean {
  if (NOT_SPA.test(url)) return false;
  const types = (accept ?? '').toLowerCase();
  if (types.includes('text/html')) return true;
  if (types.includes('application/json')) return false;
  const lastSegment = url.split('?')[0]?.split('/').at(-1) ?? '';
  return (types.trim() === '' || types.includes('*/*')) && !lastSegment.includes('.');
}
