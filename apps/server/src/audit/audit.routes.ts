import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdministrator, ZAuditFilter, ZAuditPage, ZAuditPageQuery } from '@washboard/contracts';
import { requirePermission } from '../auth/auth.hook';
import { secured, signedInErrors } from '../http/route-schema';
import type { AuditService } from './audit.service';

/** The audit trail under /api/v1 (docs/administration.md, "Audit trail"): ADMIN only; `authenticate` runs before each. */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/audit',
    {
      preHandler: requirePermission(isAdministrator),
      schema: {
        tags: ['administration'],
        summary: 'One page of the audit trail, newest first, filtered by account, machine, action and time',
        security: secured,
        querystring: ZAuditPageQuery,
        response: { 200: ZAuditPage, ...signedInErrors },
      },
    },
    async (request) => audit.page(request.user.brand, request.query),
  );

  app.get(
    '/audit.csv',
    {
      preHandler: requirePermission(isAdministrator),
      schema: {
        tags: ['administration'],
        summary: 'The filtered audit trail as CSV (RFC 4180, UTF-8), streamed',
        security: secured,
        querystring: ZAuditFilter,
        produces: ['text/csv'],
        // A stream is sent as it is: no serializer runs on it.
        response: { 200: z.any().describe('the CSV file'), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${request.user.brand.toLowerCase()}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(audit.csv(request.user.brand, request.query)));
    },
  );
};
