import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** What the dashboard's pages may load: only this origin (and inline styles, data: and blob: images). */
const DOCUMENT_POLICY: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // CSP 3: 'self' also matches ws:/wss: of this origin, the only place the push channel lives.
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  // Sent below, and only over HTTPS: over plain HTTP the header means nothing (RFC 6797 §7.2).
  hsts: false,
};

/**
 * The headers helmet sets for `options`, computed once: helmet builds its middleware (and parses
 * the CSP directives) on each call, and @fastify/helmet called it on every request, which was a
 * sixth of the cost of the hottest reads.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(headers);
}

/** Every page, script, style and document of the dashboard: helmet's full set with our policy. */
export const DOCUMENT_HEADERS = helmetHeaders(DOCUMENT_POLICY);

/**
 * The document policy for a built page with inline scripts of its own (the companion's, which picks
 * the pre-rendered landing's language, brand and scheme before the first paint): each allowed by its
 * SHA-256, nothing else inline.
 */
export function documentPolicyFor(html: string): string {
  const policy = DOCUMENT_HEADERS['content-security-policy'] ?? '';
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) =>
      `'sha256-${createHash('sha256')
        .update(source ?? '')
        .digest('base64')}'`,
  );
  return hashes.length ? policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`) : policy;
}

/**
 * JSON answers of the API: what OWASP's REST Security Cheat Sheet lists for an API ("Security
 * Headers"): nothing may be loaded or framed from a response, nor its type guessed. The document
 * headers (the page's own policy, cross-origin isolation, DNS prefetching…) concern a page a browser
 * renders, which an API answer is not; they were most of each small answer's bytes.
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer, set before the route runs (so a route may still override one):
 * the API set on `/api/…`, the document set elsewhere, and HSTS when the call came over HTTPS.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? API_HEADERS : DOCUMENT_HEADERS);
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}
