import type { FastifyBaseLogger } from 'fastify';
import type {
  TCycleType,
  TDeviceAlarm,
  TDeviceStats,
  TFotaStatus,
  THaccpEvent,
  TLiveTelemetry,
  TVersions,
} from '@washboard/contracts';
import type { TDatabase, TSqlRunner } from '../db/database';

export type TStatusUpdate = {
  online: boolean;
  /** false for a last will, which says nothing of the machine's state */
  hasState: boolean;
  systemState: number | null;
  cycleType: TCycleType | null;
  cycleNumber: number | null;
  ts: string;
};

type TStateColumns = {
  versions?: TVersions;
  parameters?: { values: Record<string, number>; ts: string };
  fota?: TFotaStatus;
  stats?: TDeviceStats;
  claimingCode?: { hash: string; expiresAt: string };
};

type TBatch = {
  telemetry: { serial: string; t: TLiveTelemetry }[];
  status: Map<string, TStatusUpdate>;
  events: { serial: string; e: THaccpEvent }[];
  alarms: Map<string, { serial: string; a: TDeviceAlarm }>;
  columns: Map<string, TStateColumns>;
  stats: { serial: string; s: TDeviceStats }[];
  size: number;
  waiters: { resolve(): void; reject(error: unknown): void }[];
};

function emptyBatch(): TBatch {
  return { telemetry: [], status: new Map(), events: [], alarms: new Map(), columns: new Map(), stats: [], size: 0, waiters: [] };
}

export type TWriterOptions = {
  /** A batch is written once it holds this many messages… */
  maxBatch?: number;
  /** …or this long after its first message arrived. */
  maxDelayMs?: number;
};

/**
 * Writes device messages in batches: one transaction with one array-parameter statement per kind,
 * so thousands of messages cost a handful of round trips. Every `write*` resolves once its message
 * is committed (the broker acknowledges QoS 1 only then) and rejects if the batch failed.
 */
export class DeviceWriter {
  private batch = emptyBatch();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private readonly maxBatch: number;
  private readonly maxDelayMs: number;
  /** Rows committed since start, per kind (for operations and benchmarks). */
  readonly committed = { telemetry: 0, events: 0, alarms: 0, status: 0 };

  constructor(
    private readonly database: TDatabase,
    private readonly log: FastifyBaseLogger,
    options: TWriterOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 4000;
    this.maxDelayMs = options.maxDelayMs ?? 20;
  }

  writeTelemetry(serial: string, t: TLiveTelemetry): Promise<void> {
    return this.add((b) => b.telemetry.push({ serial, t }));
  }

  writeStatus(serial: string, status: TStatusUpdate): Promise<void> {
    return this.add((b) => {
      const before = b.status.get(serial);
      // A will (no state) after a full status keeps the state it carried.
      b.status.set(serial, before && !status.hasState ? { ...before, online: status.online, ts: status.ts } : status);
    });
  }

  writeEvent(serial: string, e: THaccpEvent): Promise<void> {
    return this.add((b) => b.events.push({ serial, e }));
  }

  writeAlarm(serial: string, a: TDeviceAlarm): Promise<void> {
    return this.add((b) => {
      const key = `${serial}/${a.id}`;
      const before = b.alarms.get(key);
      // Opened and closed in the same batch: one row, closed.
      b.alarms.set(key, { serial, a: before ? { ...a, stopDate: a.stopDate ?? before.a.stopDate } : a });
    });
  }

  writeColumns(serial: string, columns: TStateColumns): Promise<void> {
    return this.add((b) => {
      b.columns.set(serial, { ...b.columns.get(serial), ...columns });
      if (columns.stats) b.stats.push({ serial, s: columns.stats });
    });
  }

  /** Writes what is pending now and waits for it (used at shutdown and by tests). */
  async drain(): Promise<void> {
    while (this.batch.size > 0 || this.flushing) {
      if (this.flushing) await this.flushing.catch(() => {});
      else this.flush();
    }
  }

  private add(put: (batch: TBatch) => void): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      put(this.batch);
      this.batch.size += 1;
      this.batch.waiters.push({ resolve, reject });
      if (this.batch.size >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs);
    });
  }

  private flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.flushing || this.batch.size === 0) return;
    const batch = this.batch;
    this.batch = emptyBatch();
    this.flushing = this.database
      .transaction((sql) => this.write(sql, batch))
      .then(
        () => {
          this.committed.telemetry += batch.telemetry.length;
          this.committed.events += batch.events.length;
          this.committed.alarms += batch.alarms.size;
          this.committed.status += batch.status.size;
          for (const w of batch.waiters) w.resolve();
        },
        (error: unknown) => {
          this.log.error({ err: error, messages: batch.size }, 'writing device messages failed; they will be delivered again');
          for (const w of batch.waiters) w.reject(error);
        },
      )
      .finally(() => {
        this.flushing = undefined;
        if (this.batch.size >= this.maxBatch) this.flush();
        else if (this.batch.size > 0) this.timer ??= setTimeout(() => this.flush(), this.maxDelayMs);
      });
  }

  private async write(sql: TSqlRunner, b: TBatch): Promise<void> {
    if (b.telemetry.length > 0) await this.insertTelemetry(sql, b.telemetry);
    if (b.status.size > 0) await this.updateStatus(sql, b.status);
    if (b.events.length > 0) await this.insertEvents(sql, b.events);
    if (b.alarms.size > 0) await this.upsertAlarms(sql, [...b.alarms.values()]);
    for (const [serial, c] of b.columns) await this.updateColumns(sql, serial, c);
    if (b.stats.length > 0) {
      await sql.query(
        `insert into appliance_stats (serial_number, ts, stats)
         select * from unnest($1::text[], $2::timestamptz[], $3::jsonb[])`,
        [b.stats.map((x) => x.serial), b.stats.map((x) => x.s.ts), b.stats.map((x) => JSON.stringify(x.s))],
      );
    }
  }

  private async insertTelemetry(sql: TSqlRunner, rows: TBatch['telemetry']): Promise<void> {
    const col = (pick: (t: TLiveTelemetry) => number | undefined) => rows.map((r) => pick(r.t) ?? null);
    await sql.query(
      `insert into telemetry (serial_number, ts, boiler_tmp, tank_tmp, water_tmp, boiler_vlm, tank_vlm,
         rinse_water_vlm, rinse_water_flow_rate, cycle_time_progress, cycle_time_duration)
       select * from unnest($1::text[], $2::timestamptz[], $3::int2[], $4::int2[], $5::int2[], $6::int4[], $7::int4[],
         $8::int4[], $9::int4[], $10::int4[], $11::int4[])
       on conflict do nothing`,
      [
        rows.map((r) => r.serial),
        rows.map((r) => r.t.ts),
        col((t) => t.boilerTmp),
        col((t) => t.tankTmp),
        col((t) => t.waterTmp),
        col((t) => t.boilerVlm),
        col((t) => t.tankVlm),
        col((t) => t.rinseWaterVlm),
        col((t) => t.rinseWaterFlowRate),
        col((t) => t.cycleTimeProgress),
        col((t) => t.cycleTimeDuration),
      ],
    );
    // The live state keeps each machine's newest values.
    const latest = new Map<string, TLiveTelemetry>();
    for (const r of rows) {
      const before = latest.get(r.serial);
      if (!before || before.ts <= r.t.ts) latest.set(r.serial, r.t);
    }
    await sql.query(
      `update appliance_states s set telemetry = v.t, last_seen_at = greatest(s.last_seen_at, v.ts), updated_at = now()
       from unnest($1::text[], $2::jsonb[], $3::timestamptz[]) as v(serial, t, ts)
       where s.serial_number = v.serial and (s.telemetry is null or (s.telemetry->>'ts')::timestamptz <= v.ts)`,
      [[...latest.keys()], [...latest.values()].map((t) => JSON.stringify(t)), [...latest.values()].map((t) => t.ts)],
    );
  }

  private async updateStatus(sql: TSqlRunner, statuses: Map<string, TStatusUpdate>): Promise<void> {
    const all = [...statuses.entries()];
    await sql.query(
      `update appliance_states s set
         online = v.online,
         system_state = case when v.has_state then v.state else s.system_state end,
         cycle_type = case when v.has_state then v.cycle_type else s.cycle_type end,
         cycle_number = case when v.has_state then v.cycle_number else s.cycle_number end,
         last_seen_at = greatest(s.last_seen_at, v.ts),
         updated_at = now()
       from unnest($1::text[], $2::bool[], $3::bool[], $4::int2[], $5::text[], $6::int4[], $7::timestamptz[])
         as v(serial, online, has_state, state, cycle_type, cycle_number, ts)
       where s.serial_number = v.serial`,
      [
        all.map(([serial]) => serial),
        all.map(([, s]) => s.online),
        all.map(([, s]) => s.hasState),
        all.map(([, s]) => s.systemState),
        all.map(([, s]) => s.cycleType),
        all.map(([, s]) => s.cycleNumber),
        all.map(([, s]) => s.ts),
      ],
    );
  }

  private async insertEvents(sql: TSqlRunner, rows: TBatch['events']): Promise<void> {
    await sql.query(
      `insert into haccp_events (serial_number, id, kind, cycle_name, cycle_number, start, stop, completed,
         measurements, parameter_name, old_value, new_value)
       select * from unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::int4[], $6::timestamptz[],
         $7::timestamptz[], $8::bool[], $9::jsonb[], $10::text[], $11::jsonb[], $12::jsonb[])
       on conflict do nothing`,
      [
        rows.map((r) => r.serial),
        rows.map((r) => r.e.id),
        rows.map((r) => r.e.kind),
        rows.map((r) => r.e.cycleName ?? null),
        rows.map((r) => (r.e.kind === 'cycle' ? (r.e.cycleNumber ?? null) : null)),
        rows.map((r) => r.e.start),
        rows.map((r) => r.e.stop),
        rows.map((r) => (r.e.kind === 'cycle' ? r.e.completed : null)),
        rows.map((r) => (r.e.kind === 'cycle' ? JSON.stringify(r.e.measurements) : null)),
        rows.map((r) => (r.e.kind === 'parameter' ? r.e.parameterName : null)),
        rows.map((r) => (r.e.kind === 'parameter' ? JSON.stringify(r.e.oldValue ?? null) : null)),
        rows.map((r) => (r.e.kind === 'parameter' ? JSON.stringify(r.e.newValue) : null)),
      ],
    );
  }

  private async upsertAlarms(sql: TSqlRunner, rows: { serial: string; a: TDeviceAlarm }[]): Promise<void> {
    await sql.query(
      `insert into alarms (serial_number, id, error_code, start_date, stop_date)
       select * from unnest($1::text[], $2::uuid[], $3::text[], $4::timestamptz[], $5::timestamptz[])
       on conflict (serial_number, id) do update set stop_date = coalesce(excluded.stop_date, alarms.stop_date)`,
      [
        rows.map((r) => r.serial),
        rows.map((r) => r.a.id),
        rows.map((r) => r.a.errorCode),
        rows.map((r) => r.a.startDate),
        rows.map((r) => r.a.stopDate),
      ],
    );
  }

  private async updateColumns(sql: TSqlRunner, serial: string, c: TStateColumns): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [serial];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (c.versions) set('versions', JSON.stringify(c.versions));
    if (c.parameters) {
      set('parameters', JSON.stringify(c.parameters.values));
      set('parameters_at', c.parameters.ts);
    }
    if (c.fota) set('fota', JSON.stringify(c.fota));
    if (c.stats) set('stats', JSON.stringify(c.stats));
    if (c.claimingCode) {
      set('claiming_code_hash', c.claimingCode.hash);
      set('claiming_code_expires_at', c.claimingCode.expiresAt);
      sets.push('claiming_failed_attempts = 0');
    }
    await sql.query(`update appliance_states set ${sets.join(', ')}, updated_at = now() where serial_number = $1`, params);
  }
}
