import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { Mailer } from './mailer';

const ZMail = z.object({
  id: z.string(),
  brand: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const LOOPBACK_ADDRESS = /^(?:127\.\d+\.\d+\.\d+|::1)$/;

/** The host name a Host header names, without its port (and without an IPv6 literal's brackets). */
function hostName(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\]/.exec(value);
  return bracketed ? (bracketed[1] ?? '') : value.replace(/:\d*$/, '');
}

/**
 * A call from this machine itself: the socket's peer is a loopback address (whatever TRUST_PROXY
 * says), no proxy forwarded it — a reverse proxy on the same host would otherwise make every
 * visitor look local — and it names this machine in its Host header. The last guards against DNS
 * rebinding: a page on another site whose name was re-pointed at 127.0.0.1 reaches us from the
 * visitor's own browser, but its Host header still carries that site's name.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const host = hostName(request.headers.host);
  const localHost = host === 'localhost' || host.endsWith('.localhost') || LOOPBACK_ADDRESS.test(host);
  return LOOPBACK_ADDRESS.test(peer) && localHost && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/**
 * Demo mode only: the latest mails of the outbox, for trying registration without an SMTP server.
 * It holds reset links, so it answers only calls from this machine; to anyone else it does not exist.
 */
export const mailboxRoutes: FastifyPluginAsyncZod<{ mail: Mailer }> = async (app, { mail }) => {
  app.get(
    '/dev/mailbox',
    {
      onRequest: async (request) => {
        if (!fromLoopback(request)) throw new AppError('ROUTE_NOT_FOUND');
      },
      schema: {
        tags: ['demo'],
        summary: 'Demo mode only, from this machine only: the latest 50 mails of the outbox',
        response: { 200: z.array(ZMail) },
      },
    },
    async () =>
      (await mail.latest(50)).map((m) => ({
        id: m.id,
        brand: m.brand,
        to: m.to,
        subject: m.subject,
        text: m.text,
        status: m.status,
        createdAt: m.createdAt.toISOString(),
      })),
  );
};
