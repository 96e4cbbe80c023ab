import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SERVICE_SESSION_HEADER,
  ZCodeResponse,
  ZOpenServiceSessionRequest,
  ZResetServicePinRequest,
  ZServicePinState,
  ZServiceSession,
  ZSetServicePinRequest,
} from '@washboard/contracts';
import { ok, secured, signedInErrors } from '../http/route-schema';
import { ZErrorResponse } from '@washboard/contracts';
import type { ServicePinService } from './service-pin.service';

/** The service PIN and session under /api/v1/service (docs/service-menu.md); `authenticate` runs before each. */
export const servicePinRoutes: FastifyPluginAsyncZod<{ pins: ServicePinService }> = async (app, { pins }) => {
  const base = { tags: ['service menu'], security: secured };
  const session = (headers: Record<string, string | string[] | undefined>): string | undefined => {
    const value = headers[SERVICE_SESSION_HEADER];
    return typeof value === 'string' ? value : undefined;
  };

  app.get(
    '/pin',
    {
      schema: {
        ...base,
        summary: 'Whether the caller has a service PIN, whether it is locked, tries left',
        response: { 200: ZServicePinState, ...signedInErrors },
      },
    },
    async (request) => pins.state(request.user),
  );

  app.put(
    '/pin',
    {
      schema: {
        ...base,
        summary: 'Sets the service PIN (4–6 digits); changing an existing one takes an open service session',
        body: ZSetServicePinRequest,
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async (request) => {
      await pins.set(request.user, request.body.pin, session(request.headers));
      return ok;
    },
  );

  app.post(
    '/pin/forgot',
    {
      schema: {
        ...base,
        summary: 'Mails the caller a link to set a new service PIN',
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async (request) => {
      await pins.forgot(request.user);
      return ok;
    },
  );

  app.post(
    '/pin/reset',
    {
      schema: {
        ...base,
        summary: "Sets a new service PIN with the e-mailed link's token; the lock is lifted",
        body: ZResetServicePinRequest,
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async (request) => {
      await pins.reset(request.user, request.body.token, request.body.pin);
      return ok;
    },
  );

  app.post(
    '/session',
    {
      schema: {
        ...base,
        summary: 'Opens a service session with the PIN: the token for X-Service-Session and its expiry',
        body: ZOpenServiceSessionRequest,
        response: { 200: ZServiceSession, ...signedInErrors, 423: ZErrorResponse },
      },
    },
    async (request) => pins.open(request.user, request.body.pin),
  );

  app.delete(
    '/session',
    { schema: { ...base, summary: "Ends the caller's service session", response: { 200: ZCodeResponse, ...signedInErrors } } },
    async (request) => {
      await pins.close(request.user);
      return ok;
    },
  );
};
