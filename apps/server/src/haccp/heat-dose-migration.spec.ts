import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { heatDose } from '@washboard/contracts';
import { migratingDatabase } from '../../test/migrations';

const SERIAL = 'MG0000000002';

describe('the migration that puts stored heat doses on the NSF curve', () => {
  it('computes each stored HUE again from its trace, as the gateway now does, and leaves the rest alone', async () => {
    const step = await migratingDatabase('_heat_dose_on_nsf_curve');
    const { db } = step;
    try {
      await step.before();
      await db.execute(sql`
        insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash)
        values (${SERIAL}, 'LUMINA', 'WB-500', 'infinity', 'M3', '3.2.0', '1.4.1', 'x')`);
      // Doses as the old curve stored them (60 HUE a second at 71.1 °C, z = 8.33 K).
      const hot = Array<number>(10).fill(820);
      const weak = [700, 785, ...Array<number>(10).fill(720)];
      const stored: [string, number[] | null, object | null][] = [
        [randomUUID(), hot, { hue: 12_209, a0: 15.8, seconds: 10 }],
        [randomUUID(), weak, { hue: 1_278, a0: 2.4, seconds: 12 }],
        [randomUUID(), [], { hue: 0, a0: 0, seconds: 0 }],
        [randomUUID(), null, null],
      ];
      for (const [id, trace, dose] of stored) {
        await db.execute(sql`
          insert into haccp_events (serial_number, id, kind, cycle_name, start, stop, completed, measurements, rinse_trace, heat_dose)
          values (${SERIAL}, ${id}, 'cycle', 'dishes', '2026-11-10T06:00:00Z', '2026-11-10T06:02:30Z', true, '{}',
            ${trace === null ? null : JSON.stringify(trace)}::jsonb, ${dose === null ? null : JSON.stringify(dose)}::jsonb)`);
      }

      await step.rest();

      const { rows } = (await db.execute(
        sql`select id, rinse_trace, heat_dose from haccp_events where serial_number = ${SERIAL}`,
      )) as unknown as {
        rows: { id: string; rinse_trace: number[] | null; heat_dose: object | null }[];
      };
      const after = new Map(rows.map((r) => [r.id, r]));
      for (const [id, trace] of stored) {
        // The trace as it was; the dose the gateway's code gives that trace today.
        expect(after.get(id)?.rinse_trace).toEqual(trace);
        expect(after.get(id)?.heat_dose).toEqual(trace === null ? null : heatDose(trace));
      }
      expect(after.get(stored[0]?.[0] ?? '')?.heat_dose).toEqual({ hue: 3477, a0: 15.8, seconds: 10 });
      expect(after.get(stored[1]?.[0] ?? '')?.heat_dose).toEqual({ hue: 1809, a0: 2.4, seconds: 12 });
    } finally {
      await step.close();
    }
  });
});
