import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type TDatabase } from '../src/db/database';
import { freshDatabase } from './harness';

/**
 * A migrated scratch database (`freshDatabase`) opened for the specs of one `describe` and closed
 * and dropped after them: call it in the `describe`, read the database through the answer.
 */
export function openFreshDatabase(): () => TDatabase {
  let database: TDatabase | undefined;
  let drop = async () => {};
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    database = await openDatabase({ databaseUrl: fresh.env.DATABASE_URL, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database?.close();
    await drop();
  });
  return () => {
    if (!database) throw new Error('the database opens before the first spec');
    return database;
  };
}
