import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDateRangeQuery,
  ZHaccpCloseOutView,
  ZHaccpCorrectionRequest,
  ZHaccpCorrectionView,
  ZHaccpDayParams,
  ZHaccpVerification,
} from '@washboard/contracts';
import type { HaccpChainService } from './haccp-chain.service';
import { deviceDataErrors, deviceDataRead } from '../../http/route-schema';
import { rangeBoundary } from '../../http/date-range';

type TOptions = { chain: HaccpChainService };

/**
 * /api/v1/event-hub-listener/event/{serialNumber}/haccp/…: verification of a machine's HACCP hash
 * chain, corrections, and the review of a closed day (docs/hygiene.md, "Tamper-evident record").
 */
export const haccpChainRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { chain }) => {
  app.get(
    '/event/:serialNumber/haccp/verification',
    {
      schema: {
        ...deviceDataRead,
        summary: "Recomputes the machine's HACCP hash chain over the period and names the records that break it",
        querystring: ZDateRangeQuery,
        response: { 200: ZHaccpVerification, ...deviceDataErrors },
      },
    },
    async (request) =>
      chain.verify(
        request.user,
        request.params.serialNumber,
        rangeBoundary(request.query.startDate, false),
        rangeBoundary(request.query.stopDate, true),
      ),
  );

  app.get(
    '/event/:serialNumber/haccp/corrections',
    {
      schema: {
        ...deviceDataRead,
        summary: "Corrections of the machine's HACCP records",
        response: { 200: z.array(ZHaccpCorrectionView), ...deviceDataErrors },
      },
    },
    async (request) => chain.corrections(request.user, request.params.serialNumber),
  );

  app.post(
    '/event/:serialNumber/haccp/corrections',
    {
      schema: {
        ...deviceDataRead,
        summary: 'Adds an annotated correction of one HACCP event or alarm (service and administrator); the record itself stays',
        body: ZHaccpCorrectionRequest,
        response: { 201: ZHaccpCorrectionView, ...deviceDataErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await chain.correct(request.user, request.params.serialNumber, request.body)),
  );

  app.post(
    '/event/:serialNumber/haccp/close-outs/:day/review',
    {
      schema: {
        ...deviceDataRead,
        params: ZHaccpDayParams,
        summary: 'Confirms that the caller reviewed the closed day; the close-out gets a signature naming them',
        response: { 200: ZHaccpCloseOutView, ...deviceDataErrors },
      },
    },
    async (request) => chain.review(request.user, request.params.serialNumber, request.params.day),
  );
};

/** GET /.well-known/haccp-keys: the public keys that verify the close-outs, for offline checks. */
export const haccpKeyRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { chain }) => {
  app.get(
    '/.well-known/haccp-keys',
    {
      schema: {
        tags: ['device data'],
        summary: 'Public Ed25519 keys that verify the HACCP close-out signatures',
        response: {
          200: z.object({
            keys: z.array(
              z.object({
                kid: z.string(),
                alg: z.literal('Ed25519'),
                jwk: z.object({ kty: z.string(), crv: z.string(), x: z.string() }),
                pem: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return chain.publicKeys();
    },
  );
};
