import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDateRangeQuery, ZHaccpAlarmView, ZHaccpEventView, ZHaccpExportQuery, ZSerialParams } from '@washboard/contracts';
import type { FastifyReply } from 'fastify';
import type { HaccpService, THaccpCsvFile, THaccpReportFile } from './haccp.service';
import { deviceDataErrors, deviceDataRead } from '../http/route-schema';
import { languageFromHeader } from '../i18n/translate';

type TOptions = { haccp: HaccpService };

/** A PDF report as a download in `lang`, never cached. */
export const sendPdf = (reply: FastifyReply, file: THaccpReportFile, lang: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('content-language', lang)
    .header('cache-control', 'no-store')
    .send(file.pdf);

/** A CSV export as a download, never cached. */
export const sendCsv = (reply: FastifyReply, file: THaccpCsvFile) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);

/**
 * /api/v1/event-hub-listener/event/{serialNumber}/events|alarms…: the HACCP events and alarms of a
 * machine, as JSON and as PDF reports (device-areas §7).
 */
export const haccpRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { haccp }) => {
  app.get(
    '/event/:serialNumber/events',
    {
      schema: {
        ...deviceDataRead,
        summary: 'HACCP events that started in the date range',
        querystring: ZDateRangeQuery,
        response: { 200: z.array(ZHaccpEventView), ...deviceDataErrors },
      },
    },
    async (request) => haccp.events(request.user, request.params.serialNumber, request.query.startDate, request.query.stopDate),
  );

  app.get(
    '/event/:serialNumber/events/:id',
    {
      schema: {
        ...deviceDataRead,
        summary: 'One HACCP event',
        params: ZSerialParams.extend({ id: z.uuid() }),
        response: { 200: ZHaccpEventView, ...deviceDataErrors },
      },
    },
    async (request) => haccp.event(request.user, request.params.serialNumber, request.params.id),
  );

  // The two HACCP reports: the same period and access check as the JSON calls, a PDF in the
  // caller's language (Accept-Language), downloaded under a file name with the serial and the days.
  const report = {
    ...deviceDataRead,
    querystring: ZHaccpExportQuery,
    produces: ['application/pdf'],
    // A Buffer is sent as it is: no serializer runs on it.
    response: { 200: z.any().describe('the PDF file'), ...deviceDataErrors },
  };

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
      return sendPdf(reply, await haccp.eventsReport(request.user, request.params.serialNumber, request.query, lang), lang);
    },
  );

  app.get(
    '/event/:serialNumber/alarms/export',
    { schema: { ...report, summary: 'HACCP alarms report (application/pdf) with the severity of every alarm' } },
    async (request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      return sendPdf(reply, await haccp.alarmsReport(request.user, request.params.serialNumber, request.query, lang), lang);
    },
  );

  const csvReport = (summary: string) => ({
    schema: {
      ...deviceDataRead,
      summary,
      querystring: ZHaccpExportQuery,
      produces: ['text/csv'],
      response: { 200: z.string().describe('the CSV file'), ...deviceDataErrors },
    },
  });

  app.get(
    '/event/:serialNumber/events/export.csv',
    csvReport('HACCP events (text/csv) with the verdict, heat dose and chain position and hash of every record'),
    async (request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      return sendCsv(reply, await haccp.eventsCsv(request.user, request.params.serialNumber, request.query, lang));
    },
  );

  app.get(
    '/event/:serialNumber/alarms/export.csv',
    csvReport('HACCP alarms report (text/csv) with the severity and who acknowledged every alarm, when'),
    async (request, reply) => {
      const lang = languageFromHeader(request.headers['accept-language']);
      return sendCsv(reply, await haccp.alarmsCsv(request.user, request.params.serialNumber, request.query, lang));
    },
  );

  app.get(
    '/event/:serialNumber/alarms',
    {
      schema: {
        ...deviceDataRead,
        summary: 'Alarms active at any moment of the date range',
        querystring: ZDateRangeQuery,
        response: { 200: z.array(ZHaccpAlarmView), ...deviceDataErrors },
      },
    },
    async (request) => haccp.alarms(request.user, request.params.serialNumber, request.query.startDate, request.query.stopDate),
  );
};
