import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDefaultParameter,
  ZDefaultParameterList,
  ZDefaultParameterModelParams,
  ZDefaultParameterModels,
  ZDefaultParameterParams,
  ZDefaultParameterWrite,
} from '@washboard/contracts';
import { secured, signedInErrors } from '../http/route-schema';
import type { DefaultParameterService } from './default-parameters.service';

const base = { tags: ['default parameters'], security: secured };

/**
 * /api/v1/appliance/default-parameters: the models' default parameter lists (Manage Products); the
 * service lets ADMIN and the PRODUCTS profile through.
 */
export const defaultParameterRoutes: FastifyPluginAsyncZod<{ defaults: DefaultParameterService }> = async (app, { defaults }) => {
  app.get(
    '/default-parameters',
    {
      schema: {
        ...base,
        summary: "The brand's models (model number and range), with their products and edited default values",
        response: { 200: ZDefaultParameterModels, ...signedInErrors },
      },
    },
    async (request) => defaults.models(request.user),
  );

  app.get(
    '/default-parameters/:gamma/:modelNumber',
    {
      schema: {
        ...base,
        summary: 'The default parameter list of a model: ID, code, type (0 cycle, 1 factory), value, bounds',
        params: ZDefaultParameterModelParams,
        response: { 200: ZDefaultParameterList, ...signedInErrors },
      },
    },
    async (request) => defaults.list(request.user, request.params),
  );

  app.put(
    '/default-parameters/:gamma/:modelNumber/:code',
    {
      schema: {
        ...base,
        summary: "Sets one value of a model's list, within the catalogue's bounds (else VALUE_OUT_OF_RANGE)",
        params: ZDefaultParameterParams,
        body: ZDefaultParameterWrite,
        response: { 200: ZDefaultParameter, ...signedInErrors },
      },
    },
    async ({ user, params: { code, ...model }, body }) => defaults.set(user, model, code, body.value),
  );

  app.delete(
    '/default-parameters/:gamma/:modelNumber/:code',
    {
      schema: {
        ...base,
        summary: "Puts one value of a model's list back to the catalogue's default",
        params: ZDefaultParameterParams,
        response: { 200: ZDefaultParameter, ...signedInErrors },
      },
    },
    async ({ user, params: { code, ...model } }) => defaults.reset(user, model, code),
  );
};
