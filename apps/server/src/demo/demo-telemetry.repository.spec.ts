import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openFreshDatabase } from '../../test/fresh-database';
import { rowsOf } from '../db/rows';
import { TemperatureHistoryRepository } from '../device/temperature-history.repository';
import { DemoTelemetryRepository } from './demo-telemetry.repository';

const M0 = Date.UTC(2026, 11, 4, 23, 58);
const M1 = M0 + 60_000;
const FIELDS = ['boilerTmp', 'tankTmp'] as const;

describe('DemoTelemetryRepository', () => {
  const opened = openFreshDatabase();

  const store = (serial: string) =>
    new DemoTelemetryRepository(opened()).store(
      serial,
      {
        fields: FIELDS,
        rows: [
          { minute: M0, min: [700, 600], max: [850, 640] },
          { minute: M1, min: [845, 630], max: [851, 650] },
        ],
      },
      { fields: FIELDS, rows: [{ at: M1 + 55_000, values: [851, 650] }] },
    );
  const markOf = async (serial: string) =>
    rowsOf<{ rolled_to: Date | string }>(
      await opened().db.execute(sql`select rolled_to from telemetry_rollup_marks where serial_number = ${serial}`),
    )[0]?.rolled_to;
  const setMark = (serial: string, rolledTo: string) =>
    opened().db.execute(
      sql`insert into telemetry_rollup_marks (serial_number, rolled_to, checked_at) values (${serial}, ${rolledTo}::timestamptz, now())`,
    );

  it('stores the minutes and the raw rows, and a week reads the minutes at once', async () => {
    await store('SEEDED-1');
    expect(new Date((await markOf('SEEDED-1')) ?? 0).getTime()).toBe(M1 + 59_999);
    const history = new TemperatureHistoryRepository(opened().db);
    // Buckets of two minutes from M0: the first from the stored minutes, the edge minute from raw rows.
    const buckets = await history.bucketsRolledUp('SEEDED-1', new Date(M0), new Date(M1 + 120_000), 120, FIELDS);
    expect(buckets).toHaveLength(1);
    expect(buckets[0]?.min).toEqual({ boilerTmp: 700, tankTmp: 600 });
    expect(buckets[0]?.max).toEqual({ boilerTmp: 851, tankTmp: 650 });
    const raw = await history.rows('SEEDED-1', new Date(M0), new Date(M1 + 60_000), null, 10, FIELDS);
    expect(raw).toEqual([{ ts: new Date(M1 + 55_000), values: { boilerTmp: 851, tankTmp: 650 } }]);
  });

  it('moves a mark the roll-up job left before any row to the last minute stored', async () => {
    await setMark('SEEDED-2', '-infinity');
    await store('SEEDED-2');
    expect(new Date((await markOf('SEEDED-2')) ?? 0).getTime()).toBe(M1 + 59_999);
  });

  it('keeps a mark the job moved past the stored minutes: it rolled up live rows after them', async () => {
    const later = new Date(M1 + 3_600_000).toISOString();
    await setMark('SEEDED-3', later);
    await store('SEEDED-3');
    expect(new Date((await markOf('SEEDED-3')) ?? 0).toISOString()).toBe(later);
  });
});
