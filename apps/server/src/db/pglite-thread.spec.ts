import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PgliteThread } from './pglite-thread';

/** The embedded database on its own thread (PGlite only: PostgreSQL is a server of its own). */
describe.runIf(process.env.TEST_DB !== 'postgres')('PGlite on its own thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.start('memory://', { startParams: PGlite.defaultStartParams });
    await db.exec("create table things (id int primary key, name text not null constraint name_set check (name <> ''))");
  });
  afterAll(async () => {
    await db.close();
  });

  it("runs a long statement while the server's thread goes on", async () => {
    let answered = false;
    const long = db.query<{ total: string }>('select sum(i)::text as total from generate_series(1, 3000000) i').then((result) => {
      answered = true;
      return result;
    });
    // On the server's thread the statement ran to its end before any timer could fire.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answered).toBe(false);
    expect((await long).rows).toEqual([{ total: '4500001500000' }]);
  });

  it("gives PostgreSQL's error fields to the caller", async () => {
    await db.query('insert into things values (1, $1)', ['one']);
    const duplicate = await db.query('insert into things values (1, $1)', ['again']).catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'things_pkey', table: 'things' });
    const empty = await db.query('insert into things values (2, $1)', ['']).catch((error: unknown) => error);
    expect(empty).toMatchObject({ code: '23514', constraint: 'name_set' });
    await db.exec('delete from things');
  });

  it('rolls back a transaction that throws, and runs statements from outside it after it', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('insert into things values (3, $1)', ['three']);
        outside = db.query<{ n: number }>('select count(*)::int as n from things').then((result) => {
          order.push('outside');
          return result.rows[0]?.n;
        });
        // The statement from outside waits for the transaction, as on PGlite's one connection.
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('transaction');
        throw new Error('refused');
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: 'refused' });
    expect(await outside).toBe(0);
    expect(order).toEqual(['transaction', 'outside']);
    const committed = await db.transaction(async (tx) => {
      await tx.query('insert into things values (4, $1)', ['four']);
      return (await tx.query<{ name: string }>('select name from things')).rows;
    });
    expect(committed).toEqual([{ name: 'four' }]);
    expect((await db.query('select id from things')).rows).toEqual([{ id: 4 }]);
  });

  it("keeps a type's text when drizzle asks it to, and refuses a parser that would have to run on the thread", async () => {
    const text = { parsers: { 1184: (value: string) => value } };
    const at = await db.query<{ at: unknown }>("select '2026-12-02 06:00:00+00'::timestamptz as at", [], text);
    expect(at.rows[0]?.at).toBe('2026-12-02 06:00:00+00');
    const parsed = await db.query<{ at: unknown }>("select '2026-12-02 06:00:00+00'::timestamptz as at");
    expect(parsed.rows[0]?.at).toEqual(new Date('2026-12-02T06:00:00Z'));
    expect(() => db.query('select 1', [], { parsers: { 23: (value: string) => Number(value) } })).toThrow(
      /cannot run on the database thread/,
    );
  });

  it('refuses a parameter that cannot reach the thread, and goes on', async () => {
    await expect(db.query('select $1::text as x', [() => 'a function'])).rejects.toThrow(/could not be cloned/);
    expect((await db.query('select $1::text as x', ['text'])).rows).toEqual([{ x: 'text' }]);
  });

  it('fails the statements under way, and every later one, when the thread stops', async () => {
    const other = await PgliteThread.start('memory://', { startParams: PGlite.defaultStartParams });
    const underWay = other.query('select sum(i) from generate_series(1, 3000000) i');
    // As if the thread crashed (PGlite aborting in WebAssembly ends its thread).
    await (other as unknown as { worker: Worker }).worker.terminate();
    await expect(underWay).rejects.toThrow(/database thread stopped/);
    await expect(other.query('select 1')).rejects.toThrow(/database thread stopped/);
    await other.close();
  });

  it('refuses statements once closed', async () => {
    const other = await PgliteThread.start('memory://', { startParams: PGlite.defaultStartParams });
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  });
});
