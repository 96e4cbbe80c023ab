import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PgliteThread, type TPgliteTransaction } from './pglite-thread';

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

  describe('named statements', () => {
    /** How many named statements of `text` the thread keeps (the shared one unless told). */
    const prepared = async (text: string, thread: PgliteThread = db) =>
      (await thread.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [text]))
        .rows[0]?.n;

    it('parses a text once and binds it again, answering as query does', async () => {
      const text = `select $1::int8 as n, $2::timestamptz as at, $3::jsonb as doc, $4::text[] as list, $5::text as none, $6::bool[] as flags`;
      const params = [
        9007199254740993n,
        new Date('2026-12-04T17:00:00Z'),
        JSON.stringify({ a: [1, 2] }),
        ['x', 'y"z'],
        null,
        [true, null, false],
      ];
      const answers = await db.transaction(async (tx) => [
        await tx.named(text, params),
        await tx.named(text, params),
        await tx.query(text, params),
      ]);
      expect(answers[0]?.rows).toEqual([
        {
          n: 9007199254740993n,
          at: new Date('2026-12-04T17:00:00Z'),
          doc: { a: [1, 2] },
          list: ['x', 'y"z'],
          none: null,
          flags: [true, null, false],
        },
      ]);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      expect(await prepared(text)).toBe(1);
    });

    it('answers what a write did as query does', async () => {
      const insert = 'insert into things select * from unnest($1::int[], $2::text[]) returning id';
      const update = 'update things set name = $1 where id = any($2::int[])';
      const [named, unnamed] = await Promise.all(
        [(tx: TPgliteTransaction) => tx.named.bind(tx), (tx: TPgliteTransaction) => tx.query.bind(tx)].map((run, i) =>
          db.transaction(async (tx) => {
            const send = run(tx) as (text: string, params: unknown[]) => Promise<unknown>;
            const ids = i === 0 ? [30, 31] : [40, 41];
            const result = [await send(insert, [ids, ['a', 'b']]), await send(update, ['c', ids])];
            await tx.rollback();
            return result;
          }),
        ),
      );
      expect(named).toEqual([
        {
          rows: [{ id: 30 }, { id: 31 }],
          fields: [{ name: 'id', dataTypeID: 23 }],
          command: 'INSERT',
          affectedRows: 2,
          rowCount: 2,
        },
        { rows: [], fields: [], command: 'UPDATE', affectedRows: 2, rowCount: 2 },
      ]);
      expect(unnamed).toEqual([{ ...(named?.[0] as object), rows: [{ id: 40 }, { id: 41 }] }, named?.[1]]);
    });

    it('keeps the order of statements sent together, named or not, with COPY', async () => {
      await db.exec('delete from things');
      const counts = await db.transaction(async (tx) => {
        const count = () => tx.query<{ n: number }>('select count(*)::int as n from things').then((r) => r.rows[0]?.n);
        const sent = [
          tx.named('insert into things values ($1, $2)', [10, 'ten']),
          count(),
          tx.query("copy things from '/dev/blob'", [], { blob: new Blob(['12\ttwelve\n']) }),
          tx.named('insert into things values ($1, $2)', [11, 'eleven']),
          tx.named('select count(*)::int as n from things where id > $1', [0]).then((r) => (r.rows[0] as { n: number }).n),
          tx.exec('delete from things where id = 12'),
          tx.query('delete from things where id = $1', [10]),
          count(),
        ];
        return (await Promise.all(sent)).filter((x) => typeof x === 'number');
      });
      expect(counts).toEqual([1, 3, 1]);
      await db.exec('delete from things');
    });

    it('reports a failure of a kept statement with its text, fails what follows, and uses it again after', async () => {
      const insert = 'insert into things values ($1, $2)';
      await db.transaction((tx) => tx.named(insert, [20, 'twenty']));
      let after: unknown;
      const duplicate = await db
        .transaction(async (tx) => {
          const failing = tx.named(insert, [20, 'again']);
          const following = tx.named(insert, [22, 'twenty-two']).catch((error: unknown) => error);
          const result = await failing.catch((error: unknown) => error);
          after = await following;
          throw result;
        })
        .catch((error: unknown) => error);
      expect(duplicate).toMatchObject({ code: '23505', constraint: 'things_pkey', query: insert });
      // The transaction had failed: the statement after it was refused.
      expect(after).toMatchObject({ code: '25P02' });
      await db.transaction((tx) => tx.named(insert, [21, 'twenty-one']));
      expect((await db.query('select id from things order by id')).rows).toEqual([{ id: 20 }, { id: 21 }]);
      await db.exec('delete from things');
    });

    it('refuses a text that does not parse, every time', async () => {
      const wrong = 'selec $1::int';
      for (let i = 0; i < 2; i += 1) {
        await expect(db.transaction((tx) => tx.named(wrong, [1]))).rejects.toMatchObject({ code: '42601', query: wrong });
      }
      expect((await db.transaction((tx) => tx.named('select $1::int as n', [1]))).rows).toEqual([{ n: 1 }]);
    });

    it('keeps the 200 used last, closing the one used least recently', async () => {
      const other = await PgliteThread.start('memory://', { startParams: PGlite.defaultStartParams });
      const text = (i: number) => `select $1::int + ${i} as n`;
      await other.transaction(async (tx) => {
        for (let i = 0; i < 200; i += 1) await tx.named(text(i), [1]);
        // The first is used again, so the second is now the least recently used.
        await tx.named(text(0), [1]);
        await tx.named(text(200), [1]);
        await tx.named(text(201), [1]);
      });
      expect((await other.query('select name from pg_prepared_statements')).rows).toHaveLength(200);
      expect(await prepared(text(0), other)).toBe(1);
      expect(await prepared(text(1), other)).toBe(0);
      expect(await prepared(text(2), other)).toBe(0);
      expect(await prepared(text(3), other)).toBe(1);
      expect(await prepared(text(201), other)).toBe(1);
      await other.close();
    });

    it('parses a text anew once its statement is older than the age given', async () => {
      const other = await PgliteThread.start('memory://', { startParams: PGlite.defaultStartParams, namedMaxAgeMs: 0 });
      const text = 'select $1::int as n';
      const names = async () => (await other.query<{ name: string }>('select name from pg_prepared_statements')).rows;
      await other.transaction((tx) => tx.named(text, [1]));
      const first = await names();
      expect((await other.transaction((tx) => tx.named(text, [2]))).rows).toEqual([{ n: 2 }]);
      const second = await names();
      // One statement kept for the text, made anew.
      expect(first).toHaveLength(1);
      expect(second).toHaveLength(1);
      expect(second).not.toEqual(first);
      await other.close();
    });

    it('parses a text anew once a table it reads changed its row type', async () => {
      await db.exec('create table changing (id int)');
      const read = 'select * from changing where id = $1';
      await db.exec('insert into changing values (1)');
      expect((await db.transaction((tx) => tx.named(read, [1]))).rows).toEqual([{ id: 1 }]);
      await db.exec("alter table changing add column note text default 'added'");
      // PostgreSQL refuses the kept plan once; the next time the text is parsed again.
      await expect(db.transaction((tx) => tx.named(read, [1]))).rejects.toMatchObject({ code: '0A000' });
      expect((await db.transaction((tx) => tx.named(read, [1]))).rows).toEqual([{ id: 1, note: 'added' }]);
      // The refused statement was closed: one kept for the text.
      expect(await prepared(read)).toBe(1);
      await db.exec('drop table changing');
    });
  });

  it('refuses statements once closed', async () => {
    const other = await PgliteThread.start('memory://', { startParams: PGlite.defaultStartParams });
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/closed/);
  });
});
