import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../db/database';
import { markSilentOffline, type TPresenceChange } from './presence.repository';

/**
 * Shows offline the machines silent for 1.5 × the device keep-alive (MQTT 3.1.1 §3.1.2.10: the
 * broker gives up on a client after that long). Brokers report a dead connection through its last
 * will only, and a machine may have none or lose it (an external broker restarted without
 * persistence): this sweep over the last-seen times works whatever the broker. Several instances may
 * sweep at once; each machine is reported by one of them.
 */
export class PresenceSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly database: TDatabase,
    private readonly keepAliveSeconds: number,
    private readonly onOffline: (changes: TPresenceChange[]) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sweeps every half keep-alive (at most every 30 s), so a silent machine is shown offline within 2 × keep-alive. */
  start(): void {
    const every = Math.min(this.keepAliveSeconds * 500, 30_000);
    this.timer = setInterval(() => {
      this.running ??= this.sweep()
        .then(
          () => undefined,
          (error: unknown) => this.log.error({ err: error }, 'marking silent machines offline failed'),
        )
        .finally(() => {
          this.running = undefined;
        });
    }, every);
    this.timer.unref();
  }

  /** Marks the silent machines offline now; answers them (tests, and the timer). */
  async sweep(): Promise<TPresenceChange[]> {
    const changes = await this.database.transaction((sql) => markSilentOffline(sql, this.keepAliveSeconds * 1.5));
    if (changes.length > 0) this.onOffline(changes);
    return changes;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
