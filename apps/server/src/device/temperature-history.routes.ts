import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHaccpExportQuery, ZTemperatureHistory, ZTemperatureHistoryQuery } from '@washboard/contracts';
import { deviceDataErrors, deviceDataRead } from '../http/route-schema';
import type { TemperatureHistoryService } from './temperature-history.service';

type TOptions = { temperatureHistory: TemperatureHistoryService };

/**
 * GET /api/v1/event-hub-listener/event/{serialNumber}/temperature-history and …/telemetry/export.csv
 * (docs/hygiene.md).
 */
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

  app.get(
    '/event/:serialNumber/telemetry/export.csv',
    {
      schema: {
        ...deviceDataRead,
        summary: "The machine's raw telemetry of a period of at most 31 days (text/csv), in its unit system",
        querystring: ZHaccpExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('the CSV file'), ...deviceDataErrors },
      },
    },
    async (request, reply) => {
      const file = await temperatureHistory.telemetryCsv(request.user, request.params.serialNumber, request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
          .header('cache-control', 'no-store')
          // A stream is written as it comes, never serialised: the schema's string describes the body.
          .send(Readable.from(file.chunks) as unknown as string)
      );
    },
  );
};
