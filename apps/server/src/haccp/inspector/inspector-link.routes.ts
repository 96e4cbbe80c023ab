import { z } from 'zod';
import { clientNetwork } from '../../http/client-network';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZErrorResponse,
  ZInspectionExportParams,
  ZInspectionExportQuery,
  ZInspectionParams,
  ZInspectionView,
  ZInspectorLinkCreated,
  ZInspectorLinkOpening,
  ZInspectorLinkParams,
  ZInspectorLinkRequest,
  ZInspectorLinkView,
} from '@washboard/contracts';
import type { TLimit } from '../../http/rate-limit';
import { deviceDataErrors, deviceDataRead, rateLimitedError } from '../../http/route-schema';
import type { InspectorLinkService } from './inspector-link.service';
import { sendCsv, sendPdf } from '../haccp.routes';
import { languageFromHeader } from '../../i18n/translate';
import { sha256 } from '../../auth/secrets';

type TOptions = { inspectorLinks: InspectorLinkService };

/**
 * /api/v1/event-hub-listener/event/{serialNumber}/haccp/inspector-links…: the machine's owner side
 * and service create, list and revoke read-only links to its HACCP record (docs/hygiene.md,
 * "Inspector links").
 */
export const inspectorLinkRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { inspectorLinks }) => {
  app.post(
    '/event/:serialNumber/haccp/inspector-links',
    {
      schema: {
        ...deviceDataRead,
        summary:
          'Creates a read-only, time-limited link to the HACCP record of the period; the answer is the only one with its token',
        body: ZInspectorLinkRequest,
        response: { 201: ZInspectorLinkCreated, ...deviceDataErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await inspectorLinks.create(request.user, request.params.serialNumber, request.body)),
  );

  app.get(
    '/event/:serialNumber/haccp/inspector-links',
    {
      schema: {
        ...deviceDataRead,
        summary: "The machine's inspector links, newest first, with how often each was opened",
        response: { 200: z.array(ZInspectorLinkView), ...deviceDataErrors },
      },
    },
    async (request) => inspectorLinks.list(request.user, request.params.serialNumber),
  );

  app.get(
    '/event/:serialNumber/haccp/inspector-links/:id/openings',
    {
      schema: {
        ...deviceDataRead,
        params: ZInspectorLinkParams,
        summary: 'Every opening of one inspector link: when, from which network, with which browser',
        response: { 200: z.array(ZInspectorLinkOpening), ...deviceDataErrors },
      },
    },
    async (request) => inspectorLinks.openings(request.user, request.params.serialNumber, request.params.id),
  );

  app.post(
    '/event/:serialNumber/haccp/inspector-links/:id/revoke',
    {
      schema: {
        ...deviceDataRead,
        params: ZInspectorLinkParams,
        summary: 'Revokes an inspector link at once; revoking it again changes nothing',
        response: { 200: ZInspectorLinkView, ...deviceDataErrors },
      },
    },
    async (request) => inspectorLinks.revoke(request.user, request.params.serialNumber, request.params.id),
  );
};

/**
 * GET /api/v1/inspect/{token}: what an inspector link shows, without an account (the token is the
 * authority). Rate-limited like the other public calls, but per network (`clientNetwork`: the /24 or
 * /48 an opening is kept with), so that many addresses of one network cannot flood a link's openings
 * or try tokens faster; never cached.
 */
export const inspectionRoutes: FastifyPluginAsyncZod<TOptions & { limit: TLimit }> = async (app, { inspectorLinks, limit }) => {
  app.get(
    '/api/v1/inspect/:token',
    {
      config: {
        rateLimit: { ...limit(60, '1 minute').rateLimit, keyGenerator: (request) => clientNetwork(request.ip) ?? request.ip },
      },
      schema: {
        tags: ['device data'],
        summary: "One machine's HACCP events, alarms and record verification over the link's period (opening logged)",
        params: ZInspectionParams,
        response: { 200: ZInspectionView, 400: ZErrorResponse, 404: ZErrorResponse, 410: ZErrorResponse, ...rateLimitedError },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      return inspectorLinks.open(request.brand, request.params.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
    },
  );

  // The files an inspector may keep: a report is many times the work of the page, so fewer a minute,
  // counted per link (its token's hash: never the token itself), from however many networks.
  app.get(
    '/api/v1/inspect/:token/exports/:file',
    {
      config: {
        rateLimit: {
          ...limit(10, '1 minute').rateLimit,
          keyGenerator: (request) => `inspect-export:${sha256(String((request.params as { token?: unknown }).token))}`,
        },
      },
      schema: {
        tags: ['device data'],
        summary:
          "The link's HACCP events or alarms as a PDF report (application/pdf) or CSV (text/csv), in Accept-Language (download logged)",
        params: ZInspectionExportParams,
        querystring: ZInspectionExportQuery,
        produces: ['application/pdf', 'text/csv'],
        // A Buffer or the CSV text is sent as it is: no serializer runs on it.
        response: {
          200: z.any().describe('the PDF or CSV file'),
          400: ZErrorResponse,
          404: ZErrorResponse,
          410: ZErrorResponse,
          ...rateLimitedError,
        },
      },
    },
    async (request, reply) => {
      // Refusals too: a 404 or 410 must not be kept by a cache on the way.
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      const lang = languageFromHeader(request.headers['accept-language']);
      const visitor = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const made = await inspectorLinks.download(request.brand, request.params.token, request.params.file, visitor, {
        lang,
        timeZone: request.query.timeZone,
      });
      return 'pdf' in made ? sendPdf(reply, made.pdf, lang) : sendCsv(reply, made.csv);
    },
  );
};
