import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZNotificationList, ZNotificationParams, ZCodeResponse } from '@washboard/contracts';
import type { NotificationService } from './notification.service';
import { ok, secured, signedInErrors } from '../http/route-schema';

type TOptions = { notifications: NotificationService };

/** /api/v1/notifications: the caller's notification centre (docs/alarms.md). */
export const notificationRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { notifications }) => {
  const base = { tags: ['notifications'], security: secured };
  app.get(
    '/notifications',
    {
      schema: {
        ...base,
        summary: "The caller's newest notifications and the unread count",
        response: { 200: ZNotificationList, ...signedInErrors },
      },
    },
    async (request) => notifications.list(request.user),
  );
  app.post(
    '/notifications/:id/read',
    {
      schema: {
        ...base,
        summary: 'Mark one of the caller’s notifications read',
        params: ZNotificationParams,
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async (request) => {
      await notifications.markRead(request.user, request.params.id);
      return ok;
    },
  );
  app.post(
    '/notifications/read-all',
    {
      schema: {
        ...base,
        summary: "Mark all the caller's notifications read",
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async (request) => {
      await notifications.markAllRead(request.user);
      return ok;
    },
  );
};
