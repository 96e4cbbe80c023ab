import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCodeResponse,
  ZSettingsProfileApply,
  ZSettingsProfileApplyResult,
  ZSettingsProfileCreate,
  ZSettingsProfileDetail,
  ZSettingsProfileParams,
  ZSettingsProfiles,
  ZSettingsProfilesQuery,
  ZSettingsProfileUpdate,
} from '@washboard/contracts';
import { deviceDataErrors, ok, secured, signedInErrors } from '../http/route-schema';
import type { SettingsProfileService } from './settings-profile.service';

const base = { tags: ['settings profiles'], security: secured };
const detail = { 200: ZSettingsProfileDetail, ...signedInErrors };

/** /api/v1/settings-profiles: named parameter sets per model of a company (docs/customers.md). */
export const settingsProfileRoutes: FastifyPluginAsyncZod<{ profiles: SettingsProfileService }> = async (app, { profiles }) => {
  app.get(
    '/settings-profiles',
    {
      schema: {
        ...base,
        summary: 'The settings profiles the caller manages, optionally of one model',
        querystring: ZSettingsProfilesQuery,
        response: { 200: ZSettingsProfiles, ...signedInErrors },
      },
    },
    async ({ user, query }) => profiles.list(user, query),
  );

  app.post(
    '/settings-profiles',
    {
      schema: {
        ...base,
        summary: "Creates a profile from the model's default parameter list or from a machine's current values",
        body: ZSettingsProfileCreate,
        response: detail,
      },
    },
    async ({ user, body }) => profiles.create(user, body),
  );

  app.get(
    '/settings-profiles/:id',
    {
      schema: {
        ...base,
        summary: 'A profile with every parameter of its range and the bounds',
        params: ZSettingsProfileParams,
        response: detail,
      },
    },
    async ({ user, params }) => profiles.detail(user, params.id),
  );

  app.put(
    '/settings-profiles/:id',
    {
      schema: {
        ...base,
        summary: "Renames, flags as default or changes values of a profile, within the catalogue's bounds",
        params: ZSettingsProfileParams,
        body: ZSettingsProfileUpdate,
        response: detail,
      },
    },
    async ({ user, params, body }) => profiles.update(user, params.id, body),
  );

  app.delete(
    '/settings-profiles/:id',
    {
      schema: {
        ...base,
        summary: 'Deletes a profile',
        params: ZSettingsProfileParams,
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async ({ user, params }) => {
      await profiles.delete(user, params.id);
      return ok;
    },
  );

  app.post(
    '/settings-profiles/:id/apply',
    {
      schema: {
        ...base,
        summary: "Sends the profile's values to a machine (parameter write) and answers the machine's outcome per parameter",
        params: ZSettingsProfileParams,
        body: ZSettingsProfileApply,
        response: { 200: ZSettingsProfileApplyResult, ...deviceDataErrors },
      },
    },
    async ({ user, params, body }) => profiles.apply(user, params.id, body.serialNumber),
  );
};
