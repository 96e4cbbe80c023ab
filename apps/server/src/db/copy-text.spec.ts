import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';
import { copyRows } from './copy-text';

describe(`COPY text rows (${process.env.TEST_DB ?? 'pglite'})`, () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({}, { listen: false });
  });
  afterAll(async () => {
    await server.close();
  });

  it('stores every value as it was: backslashes, tabs, line breaks, JSON with escapes, nulls; over several chunks', async () => {
    const awkward = [
      'plain',
      'back\\slash',
      'tab\there',
      'line\nbreak',
      'carriage\rreturn',
      '\\N',
      '',
      JSON.stringify({ note: 'a "quote"\n\\' }),
    ];
    const rows = Array.from({ length: 2_500 }, (_, i) => ({
      id: i,
      text: awkward[i % awkward.length] ?? null,
      other: i % 3 === 0 ? null : `v${i}`,
    }));
    const stored = await server.washboard.database.transaction(async (sql) => {
      await sql.query('create temp table copied (id int, text text, other text)');
      await sql.copyFrom(
        'COPY copied (id, text, other) FROM STDIN',
        copyRows(rows, (r) => [String(r.id), r.text, r.other]),
      );
      return (
        await sql.query<{ id: number; text: string | null; other: string | null }>(
          'select id, text, other from copied order by id',
        )
      ).rows;
    });
    expect(stored).toEqual(rows);
  });
});
