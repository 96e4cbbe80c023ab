import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApplianceDocumentParams } from '@washboard/contracts';
import { languageFromHeader } from '../i18n/translate';
import { secured, signedInErrors } from '../http/route-schema';
import type { ApplianceDocumentService } from './appliance-documents';

type TOptions = { documents: ApplianceDocumentService };

/**
 * GET /api/v1/appliance/documents/{model}/{electric-schema|user-manual}.pdf: the generic documents of
 * a model as PDF files, in the caller's language (Accept-Language). A signed-in call like every other:
 * the web app fetches the file with its token and opens it as a blob URL (docs/permissions.md).
 */
export const applianceDocumentRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { documents }) => {
  app.get(
    '/documents/:model/:file',
    {
      schema: {
        tags: ['appliance'],
        summary: "A model's generic electric schema or user manual (application/pdf)",
        security: secured,
        params: ZApplianceDocumentParams,
        produces: ['application/pdf'],
        // A Buffer is sent as it is: no serializer runs on it.
        response: { 200: z.any().describe('the PDF file'), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      const pdf = await documents.document(request.user, request.params.model, request.params.file, lang);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="${request.params.model.replace(/[^\w.-]/g, '_')}-${request.params.file}"`,
        )
        .header('cache-control', 'private, max-age=3600')
        .header('content-language', lang)
        .send(pdf);
    },
  );
};
