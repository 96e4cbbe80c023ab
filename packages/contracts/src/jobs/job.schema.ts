import { z } from 'zod';
import { BRAND_CODES } from '../brand/brands';

export const FAILED_JOB_PAGE_SIZE = 100;
export const FAILED_JOB_MAX_PAGE_SIZE = 1000;

/** GET /api/v1/jobs/failed (ADMIN): the newest jobs that ran out of attempts. */
export const ZFailedJobQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(FAILED_JOB_MAX_PAGE_SIZE)
    .default(FAILED_JOB_PAGE_SIZE)
    .describe('Jobs to answer, the latest failure first'),
});
export type TFailedJobQuery = z.output<typeof ZFailedJobQuery>;

/** POST /api/v1/jobs/{id}/retry: the job's id. */
export const ZJobParams = z.object({ id: z.string().regex(/^[1-9]\d{0,17}$/, 'job id') });

/**
 * A job that ended `failed` (docs/jobs.md). Its payload is not shown: it may name people (a mail's
 * id leads to its text, a reset link among them).
 */
export const ZFailedJob = z
  .object({
    id: z.string(),
    kind: z.string(),
    /** null for the system's own jobs */
    brand: z.enum(BRAND_CODES).nullable(),
    attempts: z.int().nonnegative(),
    maxAttempts: z.int().positive(),
    /** the last attempt's error */
    lastError: z.string().nullable(),
    createdAt: z.string(),
    failedAt: z.string().nullable(),
  })
  .meta({ id: 'FailedJob' });
export type TFailedJob = z.infer<typeof ZFailedJob>;

export const ZFailedJobList = z.array(ZFailedJob).meta({ id: 'FailedJobList' });
