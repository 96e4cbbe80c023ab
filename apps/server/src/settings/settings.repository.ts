import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { settings } from '../db/schema/index';

/** Key/value settings the server creates for itself. */
export class SettingsRepository {
  constructor(private readonly db: TDb) {}

  async get<T>(key: string): Promise<T | undefined> {
    const rows = await this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return rows[0]?.value as T | undefined;
  }

  /** Stores `value` unless the key exists, and answers what is stored (safe when two instances race). */
  async getOrCreate<T>(key: string, create: () => T): Promise<T> {
    await this.db.insert(settings).values({ key, value: create() }).onConflictDoNothing();
    const stored = await this.get<T>(key);
    if (stored === undefined) throw new Error(`setting ${key} vanished`);
    return stored;
  }

  /** Stores `value` under `key`, replacing what was there. */
  async put<T>(key: string, value: T): Promise<void> {
    await this.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }

  /**
   * Stores `next` under `key` if it still holds `expected` (compared as JSON values), and answers
   * what the key holds afterwards: `next`, or what another writer stored first.
   */
  async replaceIf<T>(key: string, expected: unknown, next: T): Promise<T> {
    await this.db
      .update(settings)
      .set({ value: next })
      .where(and(eq(settings.key, key), sql`${settings.value} = ${JSON.stringify(expected)}::jsonb`));
    const stored = await this.get<T>(key);
    if (stored === undefined) throw new Error(`setting ${key} vanished`);
    return stored;
  }

  async delete(key: string): Promise<void> {
    await this.db.delete(settings).where(eq(settings.key, key));
  }
}
