import type { TFailedJob, TFailedJobQuery } from '@washboard/contracts';
import type { TAuthUser } from '../auth/token.service';
import { AppError } from '../errors';
import type { JobRepository } from './job.repository';

/** The failed jobs as administration reads and retries them (ADMIN only: 403 for any other role). */
export class JobService {
  constructor(private readonly repository: JobRepository) {}

  /** The latest failed jobs of the caller's brand and the system's own (they have no brand). */
  async failed(user: TAuthUser, query: TFailedJobQuery): Promise<TFailedJob[]> {
    if (user.role !== 'ADMIN') throw new AppError('FORBIDDEN');
    const rows = await this.repository.failed(user.brand, query.limit);
    return rows.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      brand: r.brand,
      attempts: r.attempts,
      maxAttempts: r.maxAttempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      failedAt: r.finishedAt?.toISOString() ?? null,
    }));
  }

  /** Queues a failed job again with all its attempts; 404 when it is unknown, not failed, or another brand's. */
  async retry(user: TAuthUser, id: string): Promise<void> {
    if (user.role !== 'ADMIN') throw new AppError('FORBIDDEN');
    if (!(await this.repository.retry(Number(id), user.brand))) throw new AppError('NOT_FOUND');
  }
}
