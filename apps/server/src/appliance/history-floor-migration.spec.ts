import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migratingDatabase } from '../../test/migrations';

const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * Migration 0037 (docs/permissions.md, "A machine that changes hands"): what each machine's holders
 * read after it. A kitchen that holds a machine keeps all of its history; a machine with records and
 * no known holder on a side may have been with a kitchen before, so whoever takes it next on that
 * side reads from then on.
 */
describe('the migration that starts a machine’s history at its change of hands', () => {
  it('keeps the present holders’ history and marks an unknown earlier holder where a machine has records', async () => {
    const step = await migratingDatabase('_history_floor');
    const { db } = step;
    try {
      await step.before();
      const user = async (role: string) => {
        const id = randomUUID();
        await db.execute(sql`
          insert into users (id, brand, email, password_hash, role, status, first_name, last_name)
          values (${id}, 'LUMINA', ${`${id}@kitchen.test`}, 'x', ${role}, 'ACTIVE', 'A', 'B')`);
        return id;
      };
      const kitchen = await user('KITCHEN_MANAGER');
      const admin = await user('ADMIN');
      const machine = async (serial: string, owner: string | null, company: string | null) =>
        db.execute(sql`
          insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash, owner_user_id, company_code)
          values (${serial}, 'LUMINA', 'WB-500', 'infinity', 'M3', '3.2.0', '1.4.1', 'x', ${owner}, ${company})`);
      const record = (serial: string) =>
        db.execute(sql`
          insert into haccp_events (serial_number, id, kind, cycle_name, start, stop, completed, measurements)
          values (${serial}, ${randomUUID()}, 'cycle', 'dishes', '2026-11-10T06:00:00Z', '2026-11-10T06:02:30Z', true, '{}')`);
      // A kitchen's machine with its service company and records; an administrator's own with
      // records; one nobody holds with records; one nobody holds that never recorded anything.
      await machine('MG0037KITCHEN', kitchen, '100001');
      await record('MG0037KITCHEN');
      await machine('MG0037ADMIN', admin, null);
      await record('MG0037ADMIN');
      await machine('MG0037LOOSE', null, null);
      await record('MG0037LOOSE');
      await machine('MG0037NEW', null, null);

      await step.rest();

      const { rows } = (await db.execute(sql`
        select serial_number, last_owner_user_id, owner_since, last_company_code, company_since, last_customer_id, last_customer_company, customer_since
        from appliances where serial_number like 'MG0037%' order by serial_number`)) as unknown as {
        rows: Record<string, string | null>[];
      };
      const of = (serial: string) => rows.find((r) => r.serial_number === serial);
      const none = { owner_since: null, company_since: null, customer_since: null };
      expect(of('MG0037KITCHEN')).toMatchObject({
        last_owner_user_id: kitchen,
        last_company_code: '100001',
        last_customer_id: NOBODY,
        last_customer_company: '',
        ...none,
      });
      // An administrator's own hold is no kitchen's: the next kitchen reads from its claim.
      expect(of('MG0037ADMIN')).toMatchObject({
        last_owner_user_id: NOBODY,
        last_company_code: '',
        last_customer_id: NOBODY,
        last_customer_company: '',
        ...none,
      });
      expect(of('MG0037LOOSE')).toMatchObject({
        last_owner_user_id: NOBODY,
        last_company_code: '',
        last_customer_id: NOBODY,
        last_customer_company: '',
        ...none,
      });
      // Nothing recorded, nothing to keep from anyone: its first kitchen reads all of it.
      expect(of('MG0037NEW')).toMatchObject({
        last_owner_user_id: null,
        last_company_code: null,
        last_customer_id: null,
        ...none,
      });
    } finally {
      await step.close();
    }
  });
});
