import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCT_IMPORT_MAX_BYTES, ZErrorResponse, ZProductImportRefusal, ZProductImportResponse } from '@washboard/contracts';
import { requireAdminProfile } from '../auth/auth.hook';
import { secured, signedInErrors } from '../http/route-schema';
import type { ProductImportService } from './product-import.service';

type TOptions = { productImport: ProductImportService };

/** POST /api/v1/appliance/products/import: products from a CSV file, all or nothing (docs/administration.md). */
export const productImportRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { productImport }) => {
  // The file as it is, up to the cap; only this plugin's routes read CSV.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: PRODUCT_IMPORT_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/products/import',
    {
      preHandler: requireAdminProfile('ADD_PRODUCTS'),
      bodyLimit: PRODUCT_IMPORT_MAX_BYTES,
      schema: {
        tags: ['appliance'],
        summary:
          'Adds the products of a CSV file (text/csv) when every row is right, else none; answers their device secrets, shown this once only',
        security: secured,
        body: z.string().describe('The CSV file: a header naming the columns, then one product per row'),
        response: {
          200: ZProductImportResponse,
          ...signedInErrors,
          413: ZErrorResponse,
          415: ZErrorResponse,
          422: ZProductImportRefusal,
        },
      },
    },
    async (request) => productImport.importCsv(request.user, request.body),
  );
};
