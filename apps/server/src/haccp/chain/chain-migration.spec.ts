import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratingDatabase } from '../../../test/migrations';
import type { TDb } from '../../db/database';
import { isoSql } from './chain.repository';

const SERIAL = 'MG0000000001';

async function rows<R>(db: TDb, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** A machine's chain entries as verification reads them (times as the chain writes them), in order. */
const entries = (db: TDb, from: 'haccp_chain' | 'haccp_chain_entries') =>
  rows(
    db,
    sql.raw(`select seq::int as seq, kind, record_id, late, ${isoSql('device_time')} as device_time,
       ${isoSql('chained_at')} as chained_at, hash, carried_by, carrier_name
     from ${from} where serial_number = '${SERIAL}' order by seq`),
  );

describe('the migration that keeps events’ chain entries in their own rows', () => {
  it('shows every entry as before: events’ in their rows, the others and those of deleted events where they were', async () => {
    const step = await migratingDatabase('_haccp_chain_in_event_rows');
    const { db } = step;
    try {
      await step.before();
      const [first, carried, deleted, alarm, carrier] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await db.execute(sql`
        insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash)
        values (${SERIAL}, 'LUMINA', 'WB-500', 'infinity', 'M3', '3.2.0', '1.4.1', 'x')`);
      await db.execute(sql`insert into haccp_chain_heads (serial_number, seq, hash) values (${SERIAL}, 5, ${'5'.repeat(64)})`);
      // Stored before events' times were cut to the millisecond: the entry's device time was.
      await db.execute(sql`
        insert into haccp_events (serial_number, id, kind, cycle_name, start, stop, completed, measurements)
        values (${SERIAL}, ${first}, 'cycle', 'dishes', '2026-11-10T06:00:00Z', '2026-11-10T06:01:00.123456Z', true, '{}'),
               (${SERIAL}, ${carried}, 'cycle', 'dishes', '2026-11-10T06:02:00Z', '2026-11-10T06:03:00Z', true, '{}')`);
      await db.execute(sql`
        insert into alarms (serial_number, id, error_code, start_date, stop_date)
        values (${SERIAL}, ${alarm}, 'OH01', '2026-11-10T06:02:00Z', '2026-11-10T06:04:00Z')`);
      await db.execute(sql`
        insert into haccp_chain (serial_number, seq, kind, record_id, late, device_time, chained_at, hash, carried_by, carrier_name)
        values
          (${SERIAL}, 1, 'event', ${first}, false, '2026-11-10T06:01:00.123Z', '2026-11-10T06:01:05.001Z', ${'1'.repeat(64)}, null, null),
          (${SERIAL}, 2, 'alarm', ${alarm}, false, '2026-11-10T06:02:00Z', '2026-11-10T06:02:05Z', ${'2'.repeat(64)}, null, null),
          (${SERIAL}, 3, 'event', ${carried}, true, '2026-11-10T06:03:00Z', '2026-11-10T06:03:05Z', ${'3'.repeat(64)}, ${carrier}, 'Anna K.'),
          (${SERIAL}, 4, 'alarmClose', ${alarm}, false, '2026-11-10T06:04:00Z', '2026-11-10T06:04:05Z', ${'4'.repeat(64)}, null, null),
          (${SERIAL}, 5, 'event', ${deleted}, false, '2026-11-10T06:05:00Z', '2026-11-10T06:05:05Z', ${'5'.repeat(64)}, null, null)`);
      const before = await entries(db, 'haccp_chain');
      expect(before).toHaveLength(5);

      await step.rest();

      expect(await entries(db, 'haccp_chain_entries')).toEqual(before);
      // The events' entries left the chain table; the entry of an event deleted before still shows it missing.
      expect((await entries(db, 'haccp_chain')).map((e) => (e as { seq: number }).seq)).toEqual([2, 4, 5]);
      expect(
        await rows(
          db,
          sql`select id, chain_seq::int as seq from haccp_events where serial_number = ${SERIAL} order by chain_seq`,
        ),
      ).toEqual([
        { id: first, seq: 1 },
        { id: carried, seq: 3 },
      ]);
    } finally {
      await step.close();
    }
  });
});
