import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailRepository } from './mail.repository';

const ZMail = z.object({
  id: z.string(),
  brand: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** Demo mode only: the latest mails of the outbox, for trying registration without an SMTP server. */
export const mailboxRoutes: FastifyPluginAsyncZod<{ mail: MailRepository }> = async (app, { mail }) => {
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['demo'],
        summary: 'Demo mode only: the latest 50 mails of the outbox',
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
