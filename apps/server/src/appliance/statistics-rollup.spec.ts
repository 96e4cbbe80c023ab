import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usagePerPeriod, USAGE_COUNTERS, type TCalendar, type TDeviceStats } from '@washboard/contracts';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, signIn } from '../../test/accounts';
import { createProduct, eventually } from '../../test/devices';
import { STATISTICS_ROLLUP } from '../jobs/kinds';

const DAY_MS = 86_400_000;

/** UTC days, and weeks from Monday 00:00 UTC. */
const utcCalendar = (days: 1 | 7): TCalendar => ({
  startOf: (ms) => {
    const day = Math.floor(ms / DAY_MS) * DAY_MS;
    return days === 1 ? day : day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
  },
  next: (start) => start + days * DAY_MS,
});

function stats(ts: number, totalCycles: number, energy: number): TDeviceStats {
  return {
    ts: new Date(ts).toISOString(),
    totalCycles,
    totalWater: totalCycles * 35,
    rinsePumpTime: totalCycles * 12,
    washPumpTime: totalCycles * 90,
    energy,
    regenerationCycles: Math.floor(totalCycles / 7),
    logsCount: totalCycles,
    boilerHeaterTime: totalCycles * 60,
    tankHeaterTime: totalCycles * 20,
    cyclesUntilMaintenance: 5000 - totalCycles,
  };
}

describe('the statistics charts read the daily roll-up', () => {
  let server: TTestServer;
  let admin: Record<string, string>;
  let serial: string;

  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
    serial = (await createProduct(server, admin)).serialNumber;
    // The roll-up a start runs is done before any report is written: what follows is raw until rolled up.
    await eventually(async () => {
      const done = await server.washboard.database.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'statistics.rollup' and state = 'completed'`,
      );
      return (done as unknown as { rows: { n: number }[] }).rows[0]?.n === 1;
    });
  });
  afterAll(async () => {
    await server.close();
  });

  /**
   * One run of the hourly roll-up, through the queue. A run rolls up to the highest id the run
   * before it saw, so what was written before the call is rolled up by the second of two runs.
   */
  const rollUp = async () => {
    const completed = async () => {
      const done = await server.washboard.database.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'statistics.rollup' and state = 'completed'`,
      );
      return (done as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    };
    const before = await completed();
    await server.washboard.jobs.enqueue(STATISTICS_ROLLUP, {});
    await eventually(async () => (await completed()) > before, 15_000);
  };
  const dayRows = async () => {
    const rolled = await server.washboard.database.db.execute(
      sql`select count(*)::int as n from appliance_stats_daily where serial_number = ${serial}`,
    );
    return (rolled as unknown as { rows: { n: number }[] }).rows[0]?.n;
  };

  const chart = async (from: number, to: number): Promise<TDeviceStats[]> => {
    const res = await server.api(
      `/api/v1/event-hub-listener/event/${serial}/statistics?startDate=${new Date(from).toISOString()}&stopDate=${new Date(to).toISOString()}`,
      { headers: admin },
    );
    expect(res.status).toBe(200);
    return (await res.json()) as TDeviceStats[];
  };

  it('answers the same counters and usage per day and week as the raw reports, from far fewer rows', async () => {
    const db = server.washboard.database.db;
    // 30 days of a kitchen: 12 reports a day between 08:00 and 19:00 UTC; the board was replaced
    // (counters from zero) overnight before day 20; none on day 12 (the machine was off).
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const start = today - 30 * DAY_MS;
    let cycles = 4000;
    let energy = 900_000;
    const reports: TDeviceStats[] = [];
    for (let day = 0; day < 30; day++) {
      if (day === 12) continue;
      if (day === 20) [cycles, energy] = [0, 0];
      for (let hour = 8; hour < 20; hour++) {
        cycles += (day + hour) % 3;
        energy += 350 + ((day * hour) % 11) * 40;
        reports.push(stats(start + day * DAY_MS + hour * 3_600_000 + 17_000, cycles, energy));
      }
    }
    for (const report of reports) {
      await db.execute(sql`insert into appliance_stats (serial_number, ts, stats) values (${serial}, ${report.ts}, ${report})`);
    }
    const [from, to] = [start - 7 * DAY_MS, today];
    const before = await chart(from, to);
    expect(before).toEqual(reports);

    // The roll-up, through the queue as the hourly job runs it: the first run only notes how far
    // the reports go, the second rolls them up.
    await rollUp();
    expect(await dayRows()).toBe(0);
    expect(await chart(from, to)).toEqual(reports);
    await rollUp();
    expect(await dayRows()).toBe(29);

    const after = await chart(from, to);
    // Each day's first and last report, nothing else.
    expect(after).toHaveLength(29 * 2);
    for (const report of after) expect(reports).toContainEqual(report);
    expect(after.at(-1)).toEqual(reports.at(-1));
    for (const days of [1, 7] as const) {
      expect(usagePerPeriod(after, USAGE_COUNTERS, utcCalendar(days), start)).toEqual(
        usagePerPeriod(before, USAGE_COUNTERS, utcCalendar(days), start),
      );
    }

    // What the chart shows comes from the roll-up: with the raw reports gone it is the same.
    await db.execute(sql`delete from appliance_stats where serial_number = ${serial}`);
    expect(await chart(from, to)).toEqual(after);

    // Reports arriving after the roll-up, and today's, are answered at once, every one of them.
    const late = [stats(today - 3_600_000, cycles + 1, energy + 400), stats(today + 1_000, cycles + 2, energy + 800)];
    const todays = [
      late[1] as TDeviceStats,
      stats(today + 2_000, cycles + 3, energy + 900),
      stats(today + 3_000, cycles + 4, energy + 990),
    ];
    // Yesterday's late report draws its id first but commits last, after a roll-up saw today's
    // higher ids (two instances writing): it must still be rolled up.
    const drawn = await db.execute(sql`select nextval(pg_get_serial_sequence('appliance_stats', 'id'))::bigint as id`);
    const lateId = (drawn as unknown as { rows: { id: string }[] }).rows[0]?.id;
    for (const report of todays) {
      await db.execute(sql`insert into appliance_stats (serial_number, ts, stats) values (${serial}, ${report.ts}, ${report})`);
    }
    await rollUp();
    await db.execute(
      sql`insert into appliance_stats (id, serial_number, ts, stats) values (${lateId}, ${serial}, ${late[0]?.ts}, ${late[0]})`,
    );
    await rollUp();
    expect(await dayRows()).toBe(30);
    // Yesterday's late report is merged into that day as its last (the raw reports it was rolled up
    // from are gone); today's three are all there.
    const yesterday = await db.execute(
      sql`select reports from appliance_stats_daily where serial_number = ${serial} and day = ${new Date(today - DAY_MS).toISOString().slice(0, 10)}`,
    );
    expect((yesterday as unknown as { rows: { reports: number }[] }).rows).toEqual([{ reports: 13 }]);
    expect((await chart(from, today + DAY_MS)).slice(-4)).toEqual([late[0], ...todays]);
  });
});
