import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDeadLetterList, ZDeadLetterQuery } from '@washboard/contracts';
import { secured, signedInErrors } from '../http/route-schema';
import type { DeadLetterService } from './dead-letter.service';

type TOptions = { deadLetters: DeadLetterService };

/** /api/v1/appliance/dead-letters: the device messages the gateway refused (ADMIN). */
export const deadLetterRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { deadLetters }) => {
  app.get(
    '/dead-letters',
    {
      schema: {
        tags: ['appliance'],
        summary: 'The newest device messages the gateway refused, and why (ADMIN; optionally of one machine)',
        security: secured,
        querystring: ZDeadLetterQuery,
        response: { 200: ZDeadLetterList, ...signedInErrors },
      },
    },
    async (request) => deadLetters.list(request.user, request.query),
  );
};
