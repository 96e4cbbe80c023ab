import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAcknowledgeAlarmRequest, ZAlarmParams, ZAlarmPerson, ZAlarmView, ZAssignAlarmRequest } from '@washboard/contracts';
import type { AlarmService } from './alarm.service';
import { deviceDataErrors, deviceDataRead } from '../http/route-schema';

type TOptions = { alarms: AlarmService };

/**
 * /api/v1/event-hub-listener/event/{serialNumber}/alarms/…: the alarm lifecycle (docs/alarms.md) —
 * acknowledging and assigning an open alarm, and the people it can be assigned to.
 */
export const alarmRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { alarms }) => {
  app.get(
    '/event/:serialNumber/alarms/assignees',
    {
      schema: {
        ...deviceDataRead,
        summary: 'The people an alarm of the machine can be assigned to (those who see it)',
        response: { 200: z.array(ZAlarmPerson), ...deviceDataErrors },
      },
    },
    async (request) => alarms.assignees(request.user, request.params.serialNumber),
  );

  app.post(
    '/event/:serialNumber/alarms/:id/acknowledge',
    {
      schema: {
        ...deviceDataRead,
        summary: 'Acknowledge an open alarm, with an optional note',
        params: ZAlarmParams,
        body: ZAcknowledgeAlarmRequest,
        response: { 200: ZAlarmView, ...deviceDataErrors },
      },
    },
    async (request) => alarms.acknowledge(request.user, request.params.serialNumber, request.params.id, request.body),
  );

  app.post(
    '/event/:serialNumber/alarms/:id/assign',
    {
      schema: {
        ...deviceDataRead,
        summary: 'Assign an open alarm to someone who sees the machine',
        params: ZAlarmParams,
        body: ZAssignAlarmRequest,
        response: { 200: ZAlarmView, ...deviceDataErrors },
      },
    },
    async (request) => alarms.assign(request.user, request.params.serialNumber, request.params.id, request.body.userId),
  );
};
