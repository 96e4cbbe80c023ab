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

/**
 * A call from this machine itself: the socket's peer is a loopback address (whatever TRUST_PROXY
 * says) and no proxy forwarded it — a reverse proxy on the same host would otherwise make every
 * visitor look local.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const peer = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const loopback = peer === '::1' || /^127\.\d+\.\d+\.\d+$/.test(peer);
  return loopback && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
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
