import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZErrorResponse, ZUnsubscribeQuery, type TBrandCode, type TLanguage } from '@washboard/contracts';
import { languageFromHeader, translate } from '../i18n/translate';
import { unsubscribePageHtml } from './unsubscribe-page';
import type { TLimit } from '../http/rate-limit';
import type { TUnsubscribeTarget, UnsubscribeService } from './unsubscribe.service';

/** An HTML page answers; a missing or malformed token is the usual translated validation error. */
const responses = {
  200: z.string().describe('the HTML page'),
  400: z.union([z.string().describe('the HTML page of a link that is not valid'), ZErrorResponse]),
  429: ZErrorResponse,
};

/**
 * The page's own policy instead of the API's `default-src 'none'`, which would block the brand's
 * inline styles: styles inline, the form posting to us, nothing else loaded, never framed.
 */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** The small page of an unsubscribe link, in the account's language and brand (or the caller's). */
function page(
  reply: FastifyReply,
  status: number,
  brand: TBrandCode,
  lang: TLanguage,
  message: string,
  action?: string,
): FastifyReply {
  const html = unsubscribePageHtml({ brand, lang, message, action });
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_POLICY)
    .send(html);
}

function invalid(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const lang = languageFromHeader(request.headers['accept-language']);
  return page(reply, 400, request.brand, lang, translate(lang, 'unsubscribe.invalid'));
}

function params(target: TUnsubscribeTarget) {
  return { preference: translate(target.language, `profile.${target.preference}`), email: target.email };
}

/**
 * The unsubscribe link of notification mails, public (the signed token is the authority): GET shows
 * what would change and a button, changing nothing (mail scanners open links); POST — the button, or
 * a mail client's RFC 8058 one-click `List-Unsubscribe=One-Click` — turns the profile flag off.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ unsubscribe: UnsubscribeService; limit: TLimit }> = async (
  app,
  { unsubscribe, limit },
) => {
  // The one-click body (`List-Unsubscribe=One-Click`, url-encoded or, as RFC 8058 suggests,
  // multipart) or the page's empty form: nothing in it is needed, so neither is parsed.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
  }

  const options = (summary: string) => ({
    config: limit(60, '1 minute'),
    schema: { tags: ['notifications'], summary, produces: ['text/html'], querystring: ZUnsubscribeQuery, response: responses },
  });

  app.get(
    '/api/v1/unsubscribe',
    options('The page of a notification mail’s unsubscribe link: asks, changes nothing'),
    async (request, reply) => {
      const target = await unsubscribe.target(request.query.token);
      if (!target) return invalid(request, reply);
      const lang = target.language;
      const action = `/api/v1/unsubscribe?token=${encodeURIComponent(request.query.token)}`;
      return page(reply, 200, target.brand, lang, translate(lang, 'unsubscribe.question', params(target)), action);
    },
  );

  app.post(
    '/api/v1/unsubscribe',
    options('Turns the link’s notification flag off (the page’s button and RFC 8058 one-click)'),
    async (request, reply) => {
      const target = await unsubscribe.unsubscribe(request.query.token);
      if (!target) return invalid(request, reply);
      return page(reply, 200, target.brand, target.language, translate(target.language, 'unsubscribe.done', params(target)));
    },
  );
};
