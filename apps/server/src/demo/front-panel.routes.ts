import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZFrontPanel, ZPanelMachineList, ZPanelPress, ZSerialParams } from '@washboard/contracts';
import { AppError } from '../errors';
import { fromLoopback } from '../mail/mailbox.routes';
import type { FrontPanelService } from './front-panel.service';

const errors = { 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse } as const;

/**
 * /api/v1/demo: the virtual front panels, registered only in demo mode. A panel stands for being
 * at the machine — it shows claiming codes — so, like /dev/mailbox, it answers only calls from
 * this computer and needs no sign-in (docs/security.md, docs/decisions.md).
 */
export const frontPanelRoutes: FastifyPluginAsyncZod<{ panel: FrontPanelService }> = async (app, { panel }) => {
  app.addHook('onRequest', async (request) => {
    if (!fromLoopback(request)) throw new AppError('ROUTE_NOT_FOUND');
  });
  const tags = ['demo'];
  app.get(
    '/machines',
    {
      schema: { tags, summary: 'Demo mode, from this computer only: the virtual machines', response: { 200: ZPanelMachineList } },
    },
    () => panel.list(),
  );
  app.get(
    '/machines/:serialNumber',
    {
      schema: {
        tags,
        summary: "Demo mode, from this computer only: what a virtual machine's front panel shows",
        params: ZSerialParams,
        response: { 200: ZFrontPanel, ...errors },
      },
    },
    (request) => panel.panel(request.params.serialNumber),
  );
  app.post(
    '/machines/:serialNumber/press',
    {
      schema: {
        tags,
        summary: 'Demo mode, from this computer only: presses a button of the front panel; answers the panel after it',
        params: ZSerialParams,
        body: ZPanelPress,
        response: { 200: ZFrontPanel, ...errors },
      },
    },
    (request) => panel.press(request.params.serialNumber, request.body),
  );
};
