import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTemperatureHistory, ZTemperatureHistoryQuery } from '@washboard/contracts';
import { deviceDataErrors, deviceDataRead } from '../http/route-schema';
import type { TemperatureHistoryService } from './temperature-history.service';

type TOptions = { temperatureHistory: TemperatureHistoryService };

/** GET /api/v1/event-hub-listener/event/{serialNumber}/temperature-history (docs/hygiene.md). */
export const temperatureHistoryRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { temperatureHistory }) => {
  app.get(
    '/event/:serialNumber/temperature-history',
    {
      schema: {
        ...deviceDataRead,
        summary: 'Temperatures and volumes over a period, min/max per time bucket, with the cycles',
        querystring: ZTemperatureHistoryQuery,
        response: { 200: ZTemperatureHistory, ...deviceDataErrors },
      },
    },
    async (request) => temperatureHistory.history(request.user, request.params.serialNumber, request.query),
  );
};
