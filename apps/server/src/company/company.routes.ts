import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCodeResponse,
  ZCompanyCodeParams,
  ZCompanyHierarchy,
  ZRelatedCompanies,
  ZRenameCompanyQuery,
} from '@washboard/contracts';
import { requireAdminProfile } from '../auth/auth.hook';
import type { CompanyService } from './company.service';
import { ok, secured, signedInErrors } from '../http/route-schema';

const errorsOf = signedInErrors;

/** The company calls under /api/v1/account/company (spec §7); `authenticate` runs before each. */
export const companyRoutes: FastifyPluginAsyncZod<{ companies: CompanyService }> = async (app, { companies }) => {
  app.get(
    '/company/related',
    {
      schema: {
        tags: ['companies'],
        summary: "The caller's company, its service partner and the companies directly below it",
        security: secured,
        response: { 200: ZRelatedCompanies, ...errorsOf },
      },
    },
    async (request) => companies.related(request.user),
  );

  app.get(
    '/company/hierarchy',
    {
      schema: {
        tags: ['companies'],
        summary: "The caller's company tree; every tree of the brand for an ADMIN or a COMPANIES holder",
        security: secured,
        response: { 200: ZCompanyHierarchy, ...errorsOf },
      },
    },
    async (request) => companies.hierarchy(request.user),
  );

  app.put(
    '/company/:companyCode',
    {
      preHandler: requireAdminProfile('COMPANIES'),
      schema: {
        tags: ['companies'],
        summary: 'Renames a company',
        security: secured,
        params: ZCompanyCodeParams,
        querystring: ZRenameCompanyQuery,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await companies.rename(request.user, request.params.companyCode, request.query.companyName);
      return ok;
    },
  );

  app.delete(
    '/company/:companyCode',
    {
      preHandler: requireAdminProfile('COMPANIES'),
      schema: {
        tags: ['companies'],
        summary: 'Deletes a company that no account and no other company references any more',
        security: secured,
        params: ZCompanyCodeParams,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await companies.remove(request.user, request.params.companyCode);
      return ok;
    },
  );
};
