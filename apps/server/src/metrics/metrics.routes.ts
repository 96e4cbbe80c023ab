import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { AppError } from '../errors';
import { sameHash, sha256 } from '../auth/secrets';
import type { Metrics } from './metrics';

/** Compared as hashes: equal lengths whatever was given, so the time says nothing of the token. */
function sameSecret(given: string, expected: string): boolean {
  return sameHash(sha256(given), sha256(expected));
}

/**
 * GET /metrics on the public port, for a scraper holding METRICS_TOKEN (`Authorization: Bearer …`).
 * Without the token the path answers 401, and it exists only when a token is configured.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token: string }> = async (app, { metrics, token }) => {
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7), token)) throw new AppError('UNAUTHORIZED');
    void reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};

/**
 * GET /metrics without a token on a management port of its own (METRICS_PORT, on METRICS_HOST:
 * 127.0.0.1 unless told otherwise), for a scraper on a network operators control.
 */
export async function startMetricsPort(metrics: Metrics, port: number, host: string): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => {
    void reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  await server.listen({ port, host });
  return server;
}
