import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCodeResponse,
  ZCustomerAccountLink,
  ZCustomerAccountParams,
  ZCustomerApplianceParams,
  ZCustomerDetail,
  ZCustomerParams,
  ZCustomersPage,
  ZCustomersQuery,
  ZCustomerWrite,
} from '@washboard/contracts';
import { ok, secured, signedInErrors } from '../http/route-schema';
import type { CustomerService } from './customer.service';

const base = { tags: ['customers'], security: secured };
const detail = { 200: ZCustomerDetail, ...signedInErrors };

/**
 * /api/v1/customers: a service company's customers, their machines and linked kitchen managers
 * (docs/customers.md); the service decides who manages which.
 */
export const customerRoutes: FastifyPluginAsyncZod<{ customers: CustomerService }> = async (app, { customers }) => {
  app.get(
    '/customers',
    {
      schema: {
        ...base,
        summary: 'One page of the customers the caller manages, by surname; every word of `q` in some field',
        querystring: ZCustomersQuery,
        response: { 200: ZCustomersPage, ...signedInErrors },
      },
    },
    async ({ user, query }) => customers.page(user, query),
  );

  app.post(
    '/customers',
    {
      schema: {
        ...base,
        summary: "Creates a customer of the caller's company (or of `companyCode`)",
        body: ZCustomerWrite,
        response: detail,
      },
    },
    async ({ user, body }) => customers.create(user, body),
  );

  app.get(
    '/customers/:id',
    {
      schema: { ...base, summary: 'A customer with its machines and linked accounts', params: ZCustomerParams, response: detail },
    },
    async ({ user, params }) => customers.detail(user, params.id),
  );

  app.put(
    '/customers/:id',
    {
      schema: {
        ...base,
        summary: "Changes a customer's fields",
        params: ZCustomerParams,
        body: ZCustomerWrite,
        response: detail,
      },
    },
    async ({ user, params, body }) => customers.update(user, params.id, body),
  );

  app.delete(
    '/customers/:id',
    {
      schema: {
        ...base,
        summary: 'Deletes a customer; its machines are unassigned and stay with their service company',
        params: ZCustomerParams,
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async ({ user, params }) => {
      await customers.delete(user, params.id);
      return ok;
    },
  );

  app.put(
    '/customers/:id/appliances/:serialNumber',
    {
      schema: {
        ...base,
        summary: 'Assigns a machine the caller sees to the customer (its company must serve the machine)',
        params: ZCustomerApplianceParams,
        response: detail,
      },
    },
    async ({ user, params }) => customers.assign(user, params.id, params.serialNumber),
  );

  app.delete(
    '/customers/:id/appliances/:serialNumber',
    {
      schema: { ...base, summary: 'Takes a machine away from the customer', params: ZCustomerApplianceParams, response: detail },
    },
    async ({ user, params }) => customers.unassign(user, params.id, params.serialNumber),
  );

  app.post(
    '/customers/:id/accounts',
    {
      schema: {
        ...base,
        summary: "Links a kitchen manager's account (by e-mail) to the customer: it sees the customer's machines",
        params: ZCustomerParams,
        body: ZCustomerAccountLink,
        response: detail,
      },
    },
    async ({ user, params, body }) => customers.link(user, params.id, body.email),
  );

  app.delete(
    '/customers/:id/accounts/:userId',
    {
      schema: { ...base, summary: 'Unlinks an account from the customer', params: ZCustomerAccountParams, response: detail },
    },
    async ({ user, params }) => customers.unlink(user, params.id, params.userId),
  );
};
