import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  commandRoutes,
  ZAlarmView,
  ZCodeResponse,
  ZDateRangeQuery,
  ZErrorResponse,
  ZHaccpEventView,
  ZHaccpExportQuery,
  ZLastTelemetry,
  ZParametersQuery,
  ZParametersView,
  ZSerialParams,
  ZStatisticsHistory,
  ZVersions,
  type TLastTelemetry,
} from '@washboard/contracts';
import type { FastifyReply } from 'fastify';
import type { DeviceDataService, THaccpReportFile } from './device-data.service';
import { ok, secured, signedInErrors } from '../http/route-schema';
import { languageFromHeader } from '../i18n/translate';

const errorsOf = { ...signedInErrors, 504: ZErrorResponse };

type TOptions = { devices: DeviceDataService };

/** /api/v1/event-hub-listener/event/{serialNumber}/…: device data and commands (device-areas §7). */
export const eventHubRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { devices }) => {
  const read = { tags: ['device data'], security: secured, params: ZSerialParams };
  const command = {
    tags: ['device commands'],
    security: secured,
    params: ZSerialParams,
    response: { 200: ZCodeResponse, ...errorsOf },
  };

  app.get(
    '/event/:serialNumber/lastTelemetry',
    { schema: { ...read, summary: 'Live values of the range and the status', response: { 200: ZLastTelemetry, ...errorsOf } } },
    // Serialised with this same schema by the service, once per change of the machine's live state.
    async (request, reply) => {
      const json = await devices.lastTelemetryJson(request.user, request.params.serialNumber);
      return reply.type('application/json; charset=utf-8').send(json as unknown as TLastTelemetry);
    },
  );

  app.get(
    '/event/:serialNumber/versions',
    { schema: { ...read, summary: 'Firmware and board versions', response: { 200: ZVersions.nullable(), ...errorsOf } } },
    async (request) => devices.versions(request.user, request.params.serialNumber),
  );

  app.get(
    '/event/:serialNumber/parameters',
    {
      schema: {
        ...read,
        summary: 'The parameters the machine reported (optionally only `parameters`, comma-separated keys)',
        querystring: ZParametersQuery,
        response: { 200: ZParametersView, ...errorsOf },
      },
    },
    async (request) => devices.parameters(request.user, request.params.serialNumber, request.query.parameters),
  );

  app.get(
    '/event/:serialNumber/events',
    {
      schema: {
        ...read,
        summary: 'HACCP events that started in the date range',
        querystring: ZDateRangeQuery,
        response: { 200: z.array(ZHaccpEventView), ...errorsOf },
      },
    },
    async (request) => devices.events(request.user, request.params.serialNumber, request.query.startDate, request.query.stopDate),
  );

  app.get(
    '/event/:serialNumber/events/:id',
    {
      schema: {
        ...read,
        summary: 'One HACCP event',
        params: ZSerialParams.extend({ id: z.uuid() }),
        response: { 200: ZHaccpEventView, ...errorsOf },
      },
    },
    async (request) => devices.event(request.user, request.params.serialNumber, request.params.id),
  );

  // The two HACCP reports: the same period and access check as the JSON calls, a PDF in the
  // caller's language (Accept-Language), downloaded under a file name with the serial and the days.
  const report = {
    ...read,
    querystring: ZHaccpExportQuery,
    produces: ['application/pdf'],
    // A Buffer is sent as it is: no serializer runs on it.
    response: { 200: z.any().describe('the PDF file'), ...errorsOf },
  };
  const sendPdf = (reply: FastifyReply, file: THaccpReportFile, lang: string) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
      .header('content-language', lang)
      .header('cache-control', 'no-store')
      .send(file.pdf);

  app.get(
    '/event/:serialNumber/events/export',
    {
      schema: {
        ...report,
        summary: 'HACCP events report (application/pdf) with the hygiene verdict of every cycle',
      },
    },
    async (request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      return sendPdf(reply, await devices.eventsReport(request.user, request.params.serialNumber, request.query, lang), lang);
    },
  );

  app.get(
    '/event/:serialNumber/alarms/export',
    { schema: { ...report, summary: 'HACCP alarms report (application/pdf) with the severity of every alarm' } },
    async (request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      return sendPdf(reply, await devices.alarmsReport(request.user, request.params.serialNumber, request.query, lang), lang);
    },
  );

  app.get(
    '/event/:serialNumber/alarms',
    {
      schema: {
        ...read,
        summary: 'Alarms active at any moment of the date range',
        querystring: ZDateRangeQuery,
        response: { 200: z.array(ZAlarmView), ...errorsOf },
      },
    },
    async (request) => devices.alarms(request.user, request.params.serialNumber, request.query.startDate, request.query.stopDate),
  );

  app.get(
    '/event/:serialNumber/statistics',
    {
      schema: {
        ...read,
        summary: 'The lifetime counters the machine reported in the date range, oldest first (statistics over time)',
        querystring: ZDateRangeQuery,
        response: { 200: ZStatisticsHistory, ...errorsOf },
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
        await devices.command(request.user, request.params.serialNumber, route.toCommand(request.body));
        return ok;
      },
    );
  }
};
