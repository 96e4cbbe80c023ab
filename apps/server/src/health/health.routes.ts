import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TDatabase } from '../db/database';
import type { TBroker } from '../gateway/broker';

const ZHealth = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
const ZReadiness = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
    broker: z.object({ ok: z.boolean(), kind: z.enum(['embedded', 'external']) }),
  })
  .meta({ id: 'Readiness' });

/** Liveness (the process answers) and readiness (database and broker reachable). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: TDatabase; broker: TBroker }> = async (
  app,
  { database, broker },
) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: ZHealth } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Database and MQTT broker are reachable',
        response: { 200: ZReadiness, 503: ZReadiness },
      },
    },
    async (_request, reply) => {
      const databaseOk = await database.ping();
      const brokerOk = broker.isReady();
      const ready = databaseOk && brokerOk;
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'unavailable',
        database: { ok: databaseOk, kind: database.kind },
        broker: { ok: brokerOk, kind: broker.kind },
      });
    },
  );
};
