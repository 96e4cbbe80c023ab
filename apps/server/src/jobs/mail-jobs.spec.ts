import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWashboard, type TWashboard } from '../app';
import { freshDatabase, testConfig } from '../../test/harness';
import { startMailCatcher, type TMailCatcher } from '../../test/mail-catcher';
import { eventually } from '../../test/devices';
import { MAIL_SEND } from './kinds';

const MAILS = 200;

/** Two server instances on one PostgreSQL database and one SMTP server: what each mail job becomes. */
describe.runIf(process.env.TEST_DB === 'postgres')('mail jobs with two server instances', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let mail: TMailCatcher;
  const instances: TWashboard[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
    mail = await startMailCatcher();
    for (let i = 0; i < 2; i += 1) {
      instances.push(await createWashboard(testConfig({ ...database.env, SMTP_URL: mail.url })));
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    await mail.close();
    await database.drop();
  });

  it('never sends the same mail twice', async () => {
    const [first] = instances;
    if (!first) throw new Error('no instance');
    const result = await first.database.db.execute(sql`
      insert into mail_outbox (brand, "to", subject, text, html, status)
      select 'LUMINA', 'user' || n || '@jobs.test', 'Mail ' || n, 'Hello ' || n, '<p>Hello ' || n || '</p>', 'pending'
      from generate_series(1, ${MAILS}) n
      returning id`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    // Queued in one go, as a burst of alarm mails would be; both instances poll the table.
    await first.database.db.transaction(async (tx) => {
      for (const mailId of ids) await first.jobs.enqueue(MAIL_SEND, { mailId }, { db: tx, brand: 'LUMINA' });
    });
    await eventually(async () => mail.mails.length >= MAILS, 60_000);
    // A few more polls of both instances: nothing more turns up.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const recipients = mail.mails.map((m) => m.to);
    expect(recipients).toHaveLength(MAILS);
    expect(new Set(recipients).size).toBe(MAILS);
    const sent = await first.database.db.execute(sql`select count(*)::int as n from mail_outbox where status = 'sent'`);
    expect((sent as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(MAILS);
  }, 90_000);
});
