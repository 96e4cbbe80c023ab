import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not run on the request path: what it costs would tell the caller something (a reset
 * link is made and mailed only for a known address). Each task runs after the current turn; a
 * failure is logged, never answered. `drain` waits for what is under way (shutdown, tests).
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `task` off the request path; `what` names it in the log if it fails. */
  run(what: string, task: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error, task: what }, 'background task failed'))
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
