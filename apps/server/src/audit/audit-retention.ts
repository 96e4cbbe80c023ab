import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from './audit.service';

const DAY_MS = 86_400_000;

/**
 * Deletes audit records past the retention period (`AUDIT_RETENTION_DAYS`) a minute after start (a
 * start is busy enough) and then daily. Several instances may each run it: the deletion is one
 * idempotent statement.
 */
export class AuditRetention {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timers = [setTimeout(() => this.purge(), 60_000).unref(), setInterval(() => this.purge(), DAY_MS).unref()];
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  private purge(): void {
    this.audit
      .purgeExpired()
      .then((deleted) => {
        if (deleted > 0) this.log.info({ deleted }, 'expired audit records deleted');
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'deleting expired audit records failed'));
  }
}
