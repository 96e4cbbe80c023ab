import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GAMMAS,
  ZApplianceCompany,
  ZApplianceDetail,
  ZApplianceListPage,
  ZApplianceListQuery,
  ZClaimRequest,
  ZCodeResponse,
  ZCreateProductRequest,
  ZCreateProductResponse,
  ZSerialNumber,
  ZSerialQuery,
  ZUnclaimQuery,
  ZUpdateApplianceBody,
  liveFieldsFor,
  parametersFor,
  CYCLE_TYPES,
} from '@washboard/contracts';
import { requireAdminProfile } from '../auth/auth.hook';
import type { TLimit } from '../http/rate-limit';
import type { ApplianceService } from './appliance.service';
import { ok, rateLimitedError, secured, signedInErrors } from '../http/route-schema';
import { sendPreparedJson } from '../http/prepared-json';

const errorsOf = signedInErrors;

type TOptions = { appliances: ApplianceService; limit: TLimit };

/** /api/v1/appliance: products, the device list, details, claiming (device-areas §7). */
export const applianceRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { appliances, limit }) => {
  app.post(
    '/products',
    {
      preHandler: requireAdminProfile('ADD_PRODUCTS'),
      schema: {
        tags: ['appliance'],
        summary: 'Adds a product; answers its device secret, shown this once only',
        security: secured,
        body: ZCreateProductRequest,
        response: { 200: ZCreateProductResponse, ...errorsOf },
      },
    },
    async (request) => appliances.createProduct(request.brand, request.body, request.user),
  );

  app.get(
    '/devices',
    {
      schema: {
        tags: ['appliance'],
        summary:
          "One page of the machines the caller may see, filtered and sorted by appliance name; `after` is the previous page's `nextCursor`",
        security: secured,
        querystring: ZApplianceListQuery,
        response: { 200: ZApplianceListPage, ...errorsOf },
      },
    },
    // Already serialised by the service with this same schema (and kept until the list changes): a
    // Buffer goes out as it is, answered at once when kept.
    (request, reply) => {
      const { user, query } = request;
      const kept = appliances.keptListJson(user, query);
      if (kept) return sendPreparedJson(request, reply, kept);
      return appliances.listJson(user, query).then((json) => sendPreparedJson(request, reply, json));
    },
  );

  app.get(
    '/devices/companies',
    {
      schema: {
        tags: ['appliance'],
        summary: "The service companies of the caller's machines (the device list's company filter)",
        security: secured,
        response: { 200: z.array(ZApplianceCompany), ...errorsOf },
      },
    },
    async (request) => appliances.listCompanies(request.user),
  );

  app.get(
    '/getApplianceDetail',
    {
      schema: {
        tags: ['appliance'],
        summary: "A machine's details, status, versions, documents and statistics",
        security: secured,
        querystring: ZSerialQuery.extend({ companyCode: z.string().optional() }),
        response: { 200: ZApplianceDetail, ...errorsOf },
      },
    },
    async (request) => appliances.detail(request.user, request.query.serialNumber),
  );

  app.get(
    '/getDataModel',
    {
      schema: {
        tags: ['appliance'],
        summary: 'The device description model of a range: live fields, cycles, parameters with bounds',
        security: secured,
        querystring: z.object({
          gamma: z.enum(GAMMAS),
          revision: z.string().max(10).optional(),
          modelNumber: z.string().max(40).optional(),
        }),
        response: {
          200: z.object({
            gamma: z.enum(GAMMAS),
            liveFields: z.array(z.string()),
            cycles: z.array(z.string()),
            parameters: z.array(
              z.object({
                key: z.string(),
                group: z.string(),
                kind: z.enum(['cycle', 'factory']),
                unit: z.string(),
                min: z.number(),
                max: z.number(),
                default: z.number(),
                step: z.number(),
              }),
            ),
          }),
          ...errorsOf,
        },
      },
    },
    async (request) => ({
      gamma: request.query.gamma,
      liveFields: [...liveFieldsFor(request.query.gamma)],
      cycles: [...CYCLE_TYPES],
      parameters: parametersFor(request.query.gamma).map((p) => ({
        key: p.key,
        group: p.group,
        kind: p.kind,
        unit: p.unit,
        min: p.min,
        max: p.max,
        default: p.default,
        step: p.step,
      })),
    }),
  );

  app.get(
    '/otherinfo/:serialNumber/:otherInfoType',
    {
      schema: {
        tags: ['appliance'],
        summary: "A range's preset parameters, or the machine's rating power",
        security: secured,
        params: z.object({ serialNumber: ZSerialNumber, otherInfoType: z.enum(['presets_params', 'user_rating_power']) }),
        response: {
          200: z.object({ presetsParams: z.record(z.string(), z.number()).optional(), userRatingPower: z.string().optional() }),
          ...errorsOf,
        },
      },
    },
    async (request) => appliances.otherInfo(request.user, request.params.serialNumber, request.params.otherInfoType),
  );

  app.post(
    '/updateAppliance',
    {
      schema: {
        tags: ['appliance'],
        summary: 'Renames a machine',
        security: secured,
        querystring: ZSerialQuery,
        body: ZUpdateApplianceBody,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await appliances.rename(request.user, request.query.serialNumber, request.body.applianceName);
      return ok;
    },
  );

  app.post(
    '/claim',
    {
      config: limit(20, '15 minutes'),
      schema: {
        tags: ['appliance'],
        summary:
          'Adds a machine to the caller by the activation code on its display; ADMIN or PRODUCTS may claim for another account (userId or userEmail), then without the code',
        security: secured,
        body: ZClaimRequest,
        response: { 200: ZCodeResponse, ...errorsOf, ...rateLimitedError },
      },
    },
    async (request) => {
      await appliances.claim(request.user, request.body);
      return ok;
    },
  );

  app.post(
    '/unclaim',
    {
      schema: {
        tags: ['appliance'],
        summary:
          "Deletes a machine from the caller (releases it); ADMIN or PRODUCTS may release another account's hold (userId or userEmail)",
        security: secured,
        querystring: ZUnclaimQuery,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await appliances.unclaim(request.user, request.query);
      return ok;
    },
  );
};
