import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRAND_CODES, BRANDS, SUPPORTED_LANGUAGES, ZBrandCode, ZLanguage } from '@washboard/contracts';
import { AppError } from '../errors';
import { fromLoopback } from './mailbox.routes';
import { PREVIEW_KINDS, previewMail } from './mail-preview';
import { mailPreviewIndexHtml } from './mail-preview-index';
import type { TLinkBase } from '../http/app-link';

const ZPreviewQuery = z.object({
  lang: ZLanguage.default('en'),
  brand: ZBrandCode.default('LUMINA'),
  format: z.enum(['html', 'text']).default('html'),
});

/** The mails' own inline styles, nothing loaded, never framed by another site. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'self'";

function send(reply: FastifyReply, type: string, body: string): FastifyReply {
  return reply.type(type).header('cache-control', 'no-store').header('content-security-policy', PAGE_POLICY).send(body);
}

/**
 * Demo mode only (registered with the demo, never in a deployment), from this machine only like
 * /dev/mailbox: every kind of mail rendered from sample data in a chosen language and brand, as HTML
 * or as its plain text (docs/notifications.md, "Preview in demo mode").
 */
export const mailPreviewRoutes: FastifyPluginAsyncZod<{ links: TLinkBase }> = async (app, { links }) => {
  const onRequest = async (request: FastifyRequest) => {
    if (!fromLoopback(request)) throw new AppError('ROUTE_NOT_FOUND');
  };

  app.get(
    '/dev/mail-preview',
    {
      onRequest,
      schema: {
        tags: ['demo'],
        summary: 'Demo mode only, from this machine only: the kinds of mail, each with its subject, linking its preview',
        querystring: ZPreviewQuery.omit({ format: true }),
        produces: ['text/html'],
        response: { 200: z.string().describe('the HTML page') },
      },
    },
    async (request, reply) => {
      const { lang, brand } = request.query;
      const kinds = PREVIEW_KINDS.map((kind) => ({ kind, subject: previewMail(kind, lang, brand, links).subject }));
      const html = mailPreviewIndexHtml({
        lang,
        brand,
        kinds,
        languages: SUPPORTED_LANGUAGES,
        brands: BRAND_CODES.map((code) => ({ code, title: BRANDS[code].title })),
      });
      return send(reply, 'text/html; charset=utf-8', html);
    },
  );

  app.get(
    '/dev/mail-preview/:kind',
    {
      onRequest,
      schema: {
        tags: ['demo'],
        summary: 'Demo mode only, from this machine only: one kind of mail from sample data, as HTML or plain text',
        params: z.object({ kind: z.enum(PREVIEW_KINDS) }),
        querystring: ZPreviewQuery,
        produces: ['text/html', 'text/plain'],
        response: { 200: z.string().describe('the mail’s HTML or its plain text') },
      },
    },
    async (request, reply) => {
      const { lang, brand, format } = request.query;
      const mail = previewMail(request.params.kind, lang, brand, links);
      return format === 'text'
        ? send(reply, 'text/plain; charset=utf-8', `Subject: ${mail.subject}\n\n${mail.text}`)
        : send(reply, 'text/html; charset=utf-8', mail.html);
    },
  );
};
