import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBoardReplacementRequest, ZBrokerCredentialsResponse, ZMainBoardStatus, ZSerialParams } from '@washboard/contracts';
import type { TLimit } from '../http/rate-limit';
import { rateLimitedError, secured, signedInErrors } from '../http/route-schema';
import type { BoardReplacementService } from './board-replacement.service';

type TOptions = { boards: BoardReplacementService; limit: TLimit };

/** /api/v1/appliance/{serialNumber}/main-board: a machine's main board and its replacement (docs/local-link.md). */
export const boardReplacementRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { boards, limit }) => {
  app.post(
    '/:serialNumber/main-board',
    {
      // Each call replaces the machine's secret, like broker-credentials: a few per repair, never a stream.
      config: limit(30, '15 minutes'),
      schema: {
        tags: ['local link'],
        summary:
          "Binds the machine to a new main board (its board serial, scanned from its QR code): the old board's credentials are revoked and a new device secret answered for the phone to hand to the new board over the local link; once the new board is online it gets the machine's installation and parameters",
        security: secured,
        params: ZSerialParams,
        body: ZBoardReplacementRequest,
        response: { 200: ZBrokerCredentialsResponse, ...signedInErrors, ...rateLimitedError },
      },
    },
    async (request, reply) => {
      // A secret: kept by no cache between here and the phone.
      void reply.header('cache-control', 'no-store');
      return boards.replace(request.user, request.params.serialNumber, request.body.boardSerial);
    },
  );

  app.get(
    '/:serialNumber/main-board',
    {
      schema: {
        tags: ['local link'],
        summary:
          'The main board the machine last reported, and its latest replacement: restoredAt is set once the new board took the machine’s installation and parameters',
        security: secured,
        params: ZSerialParams,
        response: { 200: ZMainBoardStatus, ...signedInErrors },
      },
    },
    async (request) => boards.status(request.user, request.params.serialNumber),
  );
};
