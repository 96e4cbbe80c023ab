import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZThresholdSettings, ZThresholdView } from '@washboard/contracts';
import { deviceDataErrors, deviceDataRead } from '../http/route-schema';
import type { ThresholdService } from './threshold.service';

type TOptions = { thresholds: ThresholdService };

/**
 * /api/v1/event-hub-listener/event/{serialNumber}/thresholds: a machine's threshold notification
 * settings (docs/notifications.md, "Threshold notifications") — read by whoever sees it, changed
 * by its service and the brand's administrators.
 */
export const thresholdRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { thresholds }) => {
  app.get(
    '/event/:serialNumber/thresholds',
    {
      schema: {
        ...deviceDataRead,
        summary: 'The machine’s threshold notification settings, and whether the caller may change them',
        response: { 200: ZThresholdView, ...deviceDataErrors },
      },
    },
    async (request) => thresholds.view(request.user, request.params.serialNumber),
  );

  app.put(
    '/event/:serialNumber/thresholds',
    {
      schema: {
        ...deviceDataRead,
        summary: 'Set the machine’s threshold notification settings (its service, the brand’s administrators)',
        body: ZThresholdSettings,
        response: { 200: ZThresholdView, ...deviceDataErrors },
      },
    },
    async (request) => thresholds.update(request.user, request.params.serialNumber, request.body),
  );
};
