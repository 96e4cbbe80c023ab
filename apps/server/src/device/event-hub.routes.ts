import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CYCLE_TYPES,
  ZAlarmView,
  ZCodeResponse,
  ZDateRangeQuery,
  ZErrorResponse,
  ZFirmwareUpdateRequest,
  ZHaccpEventView,
  ZLastTelemetry,
  ZParametersQuery,
  ZParametersView,
  ZParametersWrite,
  ZRunLiveRequest,
  ZSerialParams,
  ZTankReplaceRequest,
  ZVersions,
} from '@washboard/contracts';
import type { DeviceDataService } from './device-data.service';
import { ok, secured, signedInErrors } from '../http/route-schema';

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
    async (request) => devices.lastTelemetry(request.user, request.params.serialNumber),
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

  app.post(
    '/event/:serialNumber/parameters',
    {
      schema: {
        ...command,
        summary: 'Writes parameters (only the changed ones); each is checked against the catalogue bounds',
        body: ZParametersWrite,
      },
    },
    async (request) => {
      await devices.writeParameters(request.user, request.params.serialNumber, request.body.values);
      return ok;
    },
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

  app.post(
    '/event/:serialNumber/expose-claiming-code',
    { schema: { ...command, summary: 'Makes the machine show a fresh activation code on its display' } },
    async (request) => {
      await devices.command(request.user, request.params.serialNumber, 'expose-claiming-code');
      return ok;
    },
  );

  app.post(
    '/event/:serialNumber/restore-presets',
    { schema: { ...command, summary: 'Resets the parameters to the presets of the range' } },
    async (request) => {
      await devices.command(request.user, request.params.serialNumber, 'restore-presets');
      return ok;
    },
  );

  app.post(
    '/event/:serialNumber/update',
    {
      schema: {
        ...command,
        summary: 'Starts an over-the-air firmware update; progress arrives on the push channel (fotaStatus)',
        body: ZFirmwareUpdateRequest,
      },
    },
    async (request) => {
      await devices.command(request.user, request.params.serialNumber, 'fota-start', { version: request.body.version });
      return ok;
    },
  );

  app.post(
    '/event/:serialNumber/switch-shutdown',
    {
      schema: {
        ...command,
        summary: 'Turns the machine off (body: operationSet, plain text)',
        body: z.string().max(40).optional(),
      },
    },
    async (request) => {
      const operationSet = request.body?.trim();
      await devices.command(request.user, request.params.serialNumber, 'switch-shutdown', operationSet ? { operationSet } : {});
      return ok;
    },
  );

  app.post(
    '/event/:serialNumber/cycle',
    {
      schema: {
        ...command,
        summary: 'Starts a cycle (body: the cycle type, plain text); "stop" stops the running cycle',
        body: z.enum([...CYCLE_TYPES, 'stop']),
      },
    },
    async (request) => {
      const body = request.body;
      if (body === 'stop') await devices.command(request.user, request.params.serialNumber, 'cycle-stop');
      else await devices.command(request.user, request.params.serialNumber, 'cycle-start', { cycleType: body });
      return ok;
    },
  );

  app.post(
    '/event/:serialNumber/run-live',
    { schema: { ...command, summary: 'Telemetry every second for a while', body: ZRunLiveRequest.optional() } },
    async (request) => {
      await devices.command(request.user, request.params.serialNumber, 'run-live', { seconds: request.body?.seconds ?? 300 });
      return ok;
    },
  );

  app.post(
    '/event/:serialNumber/tank-replace',
    {
      schema: {
        ...command,
        summary: 'Detergent or rinse-aid tank replaced (refused while the machine starts up)',
        body: ZTankReplaceRequest,
      },
    },
    async (request) => {
      await devices.command(request.user, request.params.serialNumber, 'tank-replace', { tank: request.body.tank });
      return ok;
    },
  );
};
