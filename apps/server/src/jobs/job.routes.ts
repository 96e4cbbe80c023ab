import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCodeResponse, ZFailedJobList, ZFailedJobQuery, ZJobParams } from '@washboard/contracts';
import { ok, secured, signedInErrors } from '../http/route-schema';
import type { JobService } from './job.service';

type TOptions = { jobs: JobService };

/** /api/v1/jobs: the job queue's failed jobs (ADMIN; docs/jobs.md). */
export const jobRoutes: FastifyPluginAsyncZod<TOptions> = async (app, { jobs }) => {
  app.get(
    '/failed',
    {
      schema: {
        tags: ['jobs'],
        summary: 'The latest jobs that ran out of attempts, with their last error (ADMIN)',
        security: secured,
        querystring: ZFailedJobQuery,
        response: { 200: ZFailedJobList, ...signedInErrors },
      },
    },
    async (request) => jobs.failed(request.user, request.query),
  );
  app.post(
    '/:id/retry',
    {
      schema: {
        tags: ['jobs'],
        summary: 'Queues a failed job again, with all its attempts (ADMIN)',
        security: secured,
        params: ZJobParams,
        response: { 200: ZCodeResponse, ...signedInErrors },
      },
    },
    async (request) => {
      await jobs.retry(request.user, request.params.id);
      return ok;
    },
  );
};
