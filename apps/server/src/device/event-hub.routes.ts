import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commandRoutes,
  SERVICE_SESSION_HEADER,
  ZCommandResponse,
  ZDateRangeQuery,
  ZLastTelemetry,
  ZParametersQuery,
  ZParametersView,
  ZSerialParams,
  ZStatisticsHistory,
  ZVersions,
} from '@washboard/contracts';
import type { DeviceDataService } from './device-data.service';
import { deviceDataErrors, deviceDataRead, secured } from '../http/route-schema';
import { sendPreparedJson } from '../http/prepared-json';

type TOptions = { devices: DeviceDataService };

/**
 * /api/v1/event-hub-listener/event/{serialNumber}/…: device data and commands (device-areas §7);
 * the HACCP events and alarms under the same prefix are `haccpRoutes`.
 */
export const eventHubRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { devices }) => {
  const command = {
    tags: ['device commands'],
    security: secured,
    params: ZSerialParams,
    response: { 200: ZCommandResponse, ...deviceDataErrors },
  };

  app.get(
    '/event/:serialNumber/lastTelemetry',
    {
      schema: {
        ...deviceDataRead,
        summary: 'Live values of the range and the status',
        response: { 200: ZLastTelemetry, ...deviceDataErrors },
      },
    },
    // Serialised with this same schema by the service, once per change of the machine's live state;
    // answered at once when kept.
    (request, reply) => {
      const { user, params } = request;
      const kept = devices.keptLastTelemetryJson(user, params.serialNumber);
      if (kept) return sendPreparedJson(request, reply, kept);
      return devices.lastTelemetryJson(user, params.serialNumber).then((json) => sendPreparedJson(request, reply, json));
    },
  );

  app.get(
    '/event/:serialNumber/versions',
    {
      schema: {
        ...deviceDataRead,
        summary: 'Firmware and board versions',
        response: { 200: ZVersions.nullable(), ...deviceDataErrors },
      },
    },
    async (request) => devices.versions(request.user, request.params.serialNumber),
  );

  app.get(
    '/event/:serialNumber/parameters',
    {
      schema: {
        ...deviceDataRead,
        summary: 'The parameters the machine reported (optionally only `parameters`, comma-separated keys)',
        querystring: ZParametersQuery,
        response: { 200: ZParametersView, ...deviceDataErrors },
      },
    },
    async (request) => devices.parameters(request.user, request.params.serialNumber, request.query.parameters),
  );

  app.get(
    '/event/:serialNumber/statistics',
    {
      schema: {
        ...deviceDataRead,
        summary: 'The lifetime counters the machine reported in the date range, oldest first (statistics over time)',
        querystring: ZDateRangeQuery,
        response: { 200: ZStatisticsHistory, ...deviceDataErrors },
      },
    },
    async (request) =>
      devices.statistics(request.user, request.params.serialNumber, request.query.startDate, request.query.stopDate),
  );

  // Every command of the device registry, one route per path (cycle carries start and stop): the
  // service checks who may send it, the machine's answer decides the rest.
  for (const route of commandRoutes()) {
    app.post(
      `/event/:serialNumber/${route.path}`,
      { schema: { ...command, summary: route.summary, ...(route.body ? { body: route.body } : {}) } },
      async (request) => {
        const session = request.headers[SERVICE_SESSION_HEADER];
        const call = route.toCommand(request.body);
        return devices.command(
          request.user,
          request.params.serialNumber,
          call,
          typeof session === 'string' ? session : undefined,
        );
      },
    );
  }
};
