import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAdminProductsPage,
  ZAdminProductsPageQuery,
  ZClaimCandidate,
  ZClaimCandidatesQuery,
  ZCodeResponse,
  ZSerialParams,
} from '@washboard/contracts';
import { requireAdminProfile } from '../auth/auth.hook';
import { ok, secured, signedInErrors } from '../http/route-schema';
import { sendPreparedJson } from '../http/prepared-json';
import type { ProductAdministrationService } from './product-admin.service';

type TOptions = { products: ProductAdministrationService };

/** The Manage Products tab under /api/v1/appliance: ADMIN or the PRODUCTS profile (docs/permissions.md). */
export const productAdminRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { products }) => {
  app.get(
    '/products',
    {
      preHandler: requireAdminProfile('PRODUCTS'),
      schema: {
        tags: ['administration'],
        summary: 'One page of the product table: keyword search and sorting, done in SQL',
        security: secured,
        querystring: ZAdminProductsPageQuery,
        response: { 200: ZAdminProductsPage, ...signedInErrors },
      },
    },
    // Serialised by the service with this same schema and kept until products or accounts change.
    (request, reply) => {
      const kept = products.keptPageJson(request.user, request.query);
      if (kept) return sendPreparedJson(request, reply, kept);
      return products.pageJson(request.user, request.query).then((json) => sendPreparedJson(request, reply, json));
    },
  );

  app.get(
    '/products/accounts',
    {
      preHandler: requireAdminProfile('PRODUCTS'),
      schema: {
        tags: ['administration'],
        summary: 'Kitchen managers and service users a product may be claimed for, found by keywords',
        security: secured,
        querystring: ZClaimCandidatesQuery,
        response: { 200: z.array(ZClaimCandidate), ...signedInErrors },
      },
    },
    async (request) => products.claimCandidates(request.user, request.query.q),
  );

  app.delete(
    '/products/:serialNumber',
    {
      preHandler: requireAdminProfile('PRODUCTS'),
      schema: {
        tags: ['administration'],
        summary: 'Deletes a product: it can no longer connect, nobody holds it, its records stay',
        security: secured,
        params: ZSerialParams,
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async (request) => {
      await products.deleteProduct(request.user, request.params.serialNumber);
      return ok;
    },
  );
};
