import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBrokerCredentialsResponse, ZCarriedRecordsRequest, ZCarriedRecordsResponse, ZSerialParams } from '@washboard/contracts';
import type { TLimit } from '../http/rate-limit';
import { rateLimitedError, secured, signedInErrors } from '../http/route-schema';
import type { LocalLinkService } from './local-link.service';

type TOptions = { link: LocalLinkService; limit: TLimit };

/** /api/v1/local-link/{serialNumber}/…: what a phone carries to and from a machine over Bluetooth (docs/local-link.md). */
export const localLinkRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { link, limit }) => {
  app.post(
    '/:serialNumber/broker-credentials',
    {
      // Each call replaces the machine's secret: a few per commissioning, never a stream.
      config: limit(30, '15 minutes'),
      schema: {
        tags: ['local link'],
        summary:
          "Issues a new device secret for a machine being commissioned: the phone hands it over inside a session opened with the machine's display code, and never shows it",
        security: secured,
        params: ZSerialParams,
        response: { 200: ZBrokerCredentialsResponse, ...signedInErrors, ...rateLimitedError },
      },
    },
    async (request, reply) => {
      // A secret: kept by no cache between here and the phone.
      void reply.header('cache-control', 'no-store');
      return link.issueBrokerCredentials(request.user, request.params.serialNumber);
    },
  );

  app.post(
    '/:serialNumber/records',
    {
      schema: {
        tags: ['local link'],
        summary:
          "HACCP records a phone read from the machine over the local link: stored once by id, with their own times, marked late and with the carrier's name",
        security: secured,
        params: ZSerialParams,
        body: ZCarriedRecordsRequest,
        response: { 200: ZCarriedRecordsResponse, ...signedInErrors },
      },
    },
    async (request) => link.carryHome(request.user, request.params.serialNumber, request.body.records),
  );
};
