import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import * as schema from './schema/index';
import { migrationsFolder } from './database';

type TJournal = { entries: { idx: number; tag: string }[] };

describe('committed migrations', () => {
  it('match the schema in code (run `npm run db:generate` after changing a table)', async () => {
    const folder = migrationsFolder();
    const journal = JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as TJournal;
    const last = journal.entries.at(-1);
    expect(last, 'no migration committed').toBeDefined();
    const snapshotFile = path.join(folder, 'meta', `${String(last?.idx).padStart(4, '0')}_snapshot.json`);
    const committed = JSON.parse(await readFile(snapshotFile, 'utf8')) as Parameters<typeof generateMigration>[0];
    const current = generateDrizzleJson(schema as Record<string, unknown>, committed.id);
    const pending = await generateMigration(committed, current);
    expect(pending).toEqual([]);
  });
});
