import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read when scraped, rather than being told about each change. */
export type TMetricSources = {
  /** Device messages waiting in the writer's open batch. */
  writerQueue(): number;
  /** Open push-channel sockets of this instance. */
  pushSockets(): number;
  /** Rows in the dead-letter store (all instances). */
  deadLetters(): Promise<number>;
};

/**
 * The operator's signals in the Prometheus format (docs/operations.md, "Metrics"): ingestion and its
 * refusals, batch commit time, writer queue, dead letters, push sockets, commands and mail by
 * outcome, and Node's own (event-loop delay, memory, CPU). One registry per server.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly ingested = new Counter({
    name: 'washboard_device_messages_ingested_total',
    help: 'Device messages accepted for storage, by topic',
    labelNames: ['topic'] as const,
    registers: [this.registry],
  });

  readonly refused = new Counter({
    name: 'washboard_device_messages_refused_total',
    help: 'Device messages refused (kept as dead letters), by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly batchCommit = new Histogram({
    name: 'washboard_ingest_batch_commit_seconds',
    help: 'Time to write and commit one batch of device messages, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly commands = new Counter({
    name: 'washboard_commands_total',
    help: 'Remote commands sent to machines, by command and outcome',
    labelNames: ['command', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly mail = new Counter({
    name: 'washboard_mail_total',
    help: 'Mails handed to the SMTP server, by outcome (a failed one is retried)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(sources: TMetricSources) {
    new Gauge({
      name: 'washboard_ingest_writer_queue_depth',
      help: 'Device messages waiting in the writer for the next batch',
      registers: [this.registry],
      collect() {
        this.set(sources.writerQueue());
      },
    });
    new Gauge({
      name: 'washboard_push_sockets',
      help: 'Open push-channel sockets of this instance',
      registers: [this.registry],
      collect() {
        this.set(sources.pushSockets());
      },
    });
    new Gauge({
      name: 'washboard_dead_letters',
      help: 'Refused device messages kept in the dead-letter store',
      registers: [this.registry],
      async collect() {
        this.set(await sources.deadLetters());
      },
    });
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
  }
}
