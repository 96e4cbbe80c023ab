import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canAuthorize,
  isAdministrator,
  ZActivateServiceQuery,
  ZAdministrationProfileRequest,
  ZAdminUser,
  ZAdminUsersPage,
  ZAdminUsersPageQuery,
  ZAdminUsersQuery,
  ZCodeResponse,
  ZCompany,
  ZCompanyTree,
  ZNewCompanyRequest,
  ZPasswordChangeRequest,
  ZPendingUser,
  ZSignupCodeResponse,
  ZUpdateCompanyQuery,
  ZUpdateRoleQuery,
  ZUpdateUserRequest,
  ZUserIdParams,
  ZUserProfile,
} from '@washboard/contracts';
import type { ProfileService } from './profile.service';
import type { RegistrationService } from './registration.service';
import type { UserAdministrationService } from './user-admin.service';
import type { CompanyService } from '../company/company.service';
import { requireAdminProfile, requirePermission } from '../auth/auth.hook';
import type { TLimit } from '../http/rate-limit';
import { ok, rateLimitedError, secured, signedInErrors } from '../http/route-schema';
import { sendPreparedJson } from '../http/prepared-json';

const errorsOf = signedInErrors;

type TOptions = {
  profiles: ProfileService;
  users: UserAdministrationService;
  registration: RegistrationService;
  companies: CompanyService;
  limit: TLimit;
};

/** Signed-in account calls under /api/v1/account (spec §7); `authenticate` runs before each. */
export const accountRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { profiles, users, registration, companies, limit },
) => {
  app.get(
    '/userinfo',
    {
      schema: {
        tags: ['account'],
        summary: "The caller's profile",
        security: secured,
        response: { 200: ZUserProfile, ...errorsOf },
      },
    },
    async (request) => profiles.profile(request.user),
  );

  app.post(
    '/updateUser',
    {
      schema: {
        tags: ['account'],
        summary: "Updates the caller's profile, notification flags and language",
        security: secured,
        body: ZUpdateUserRequest,
        response: { 200: ZUserProfile, ...errorsOf },
      },
    },
    async (request) => profiles.updateProfile(request.user, request.body),
  );

  app.patch(
    '/users/password',
    {
      config: limit(10, '10 minutes'),
      schema: {
        tags: ['account'],
        summary: "Changes the caller's password (current password required)",
        security: secured,
        body: ZPasswordChangeRequest,
        response: { 200: ZCodeResponse, ...errorsOf, ...rateLimitedError },
      },
    },
    async (request) => {
      await profiles.changePassword(request.user, request.body.currentPassword, request.body.newPassword);
      return { code: '200' as const };
    },
  );

  app.get(
    '/pendingUsers',
    {
      preHandler: requirePermission(canAuthorize),
      schema: {
        tags: ['authorizations'],
        summary: 'Users waiting for approval that the caller may decide on',
        security: secured,
        response: { 200: z.array(ZPendingUser), ...errorsOf },
      },
    },
    async (request) => users.pendingUsers(request.user),
  );

  app.get(
    '/activateService',
    {
      preHandler: requirePermission(canAuthorize),
      schema: {
        tags: ['authorizations'],
        summary: 'Accepts (with a role) or rejects a pending user; the user is told by e-mail',
        security: secured,
        querystring: ZActivateServiceQuery,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      const { pendingUserId, accepted, role } = request.query;
      await users.decide(request.user, pendingUserId, accepted, role);
      return { code: '200' as const };
    },
  );

  app.get(
    '/users',
    {
      preHandler: requireAdminProfile('ACCOUNTS'),
      schema: {
        tags: ['administration'],
        summary: "The administration's user table: the brand's accounts except deleted ones, optionally by keyword",
        security: secured,
        querystring: ZAdminUsersQuery,
        response: { 200: z.array(ZAdminUser), ...errorsOf },
      },
    },
    async (request) => users.listUsers(request.user, request.query.q),
  );

  app.get(
    '/users/page',
    {
      preHandler: requireAdminProfile('ACCOUNTS'),
      schema: {
        tags: ['administration'],
        summary: 'One page of the user table: keyword search, status and role filters and sorting, done in SQL',
        security: secured,
        querystring: ZAdminUsersPageQuery,
        response: { 200: ZAdminUsersPage, ...errorsOf },
      },
    },
    // Serialised by the service with this same schema and kept until accounts or companies change.
    (request, reply) => {
      const kept = users.keptUsersPageJson(request.user, request.query);
      if (kept) return sendPreparedJson(request, reply, kept);
      return users.usersPageJson(request.user, request.query).then((json) => sendPreparedJson(request, reply, json));
    },
  );

  app.delete(
    '/users/:id',
    {
      preHandler: requireAdminProfile('ACCOUNTS'),
      schema: {
        tags: ['administration'],
        summary: 'Deletes an account: it can no longer sign in and its sessions end',
        security: secured,
        params: ZUserIdParams,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await users.deleteUser(request.user, request.params.id);
      return ok;
    },
  );

  app.put(
    '/users/:id/updateRole',
    {
      preHandler: requireAdminProfile('ACCOUNTS'),
      schema: {
        tags: ['administration'],
        summary: "Changes an account's role, and its company when companyCode is given",
        security: secured,
        params: ZUserIdParams,
        querystring: ZUpdateRoleQuery,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await users.updateRole(request.user, request.params.id, request.query.targetRole, request.query.companyCode);
      return ok;
    },
  );

  app.post(
    '/users/:id/activate',
    {
      preHandler: requireAdminProfile('ACCOUNTS'),
      schema: {
        tags: ['administration'],
        summary: 'Activates an inactive or pending account; the user is told by e-mail',
        security: secured,
        params: ZUserIdParams,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await users.activateUser(request.user, request.params.id);
      return ok;
    },
  );

  app.put(
    '/users/:id/updateCompany',
    {
      preHandler: requireAdminProfile('ACCOUNTS'),
      schema: {
        tags: ['administration'],
        summary: 'Moves an account to another company of the brand',
        security: secured,
        params: ZUserIdParams,
        querystring: ZUpdateCompanyQuery,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await users.updateCompany(request.user, request.params.id, request.query.companyCode);
      return ok;
    },
  );

  app.put(
    '/users/:id/administrationProfile',
    {
      preHandler: requireAdminProfile('ACCOUNTS'),
      schema: {
        tags: ['administration'],
        summary: "Replaces an account's administration profiles with the list sent",
        security: secured,
        params: ZUserIdParams,
        body: ZAdministrationProfileRequest,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await users.updateAdministrationProfile(request.user, request.params.id, request.body.administrationProfile);
      return ok;
    },
  );

  app.get(
    '/companies',
    {
      preHandler: requireAdminProfile('COMPANIES'),
      schema: {
        tags: ['companies'],
        summary: "The brand's companies",
        security: secured,
        response: { 200: z.array(ZCompany), ...errorsOf },
      },
    },
    async (request) => companies.ofBrand(request.brand),
  );

  app.get(
    '/companies/tree',
    {
      preHandler: requireAdminProfile('COMPANIES'),
      schema: {
        tags: ['companies'],
        summary: "The brand's company hierarchy with each company's accounts and serviced machines",
        security: secured,
        response: { 200: ZCompanyTree, ...errorsOf },
      },
    },
    async (request) => companies.tree(request.brand),
  );

  app.post(
    '/companies',
    {
      preHandler: requireAdminProfile('COMPANIES'),
      schema: {
        tags: ['companies'],
        summary: 'Creates a company (code generated when not given)',
        security: secured,
        body: ZNewCompanyRequest,
        response: { 200: ZCompany, ...errorsOf },
      },
    },
    async (request) => {
      const { name, code, parentCode } = request.body;
      const company = await companies.createCompany(request.brand, name, parentCode ?? null, code, request.user);
      return { code: company.code, name: company.name, parentCode: company.parentCode };
    },
  );

  app.post(
    '/signup-codes',
    {
      preHandler: requirePermission(isAdministrator),
      schema: {
        tags: ['companies'],
        summary: 'Issues a one-time six-digit signup code for a new service partner (registration step 9)',
        security: secured,
        response: { 200: ZSignupCodeResponse, ...errorsOf },
      },
    },
    async (request) => registration.issueSignupCode(request.user),
  );
};
