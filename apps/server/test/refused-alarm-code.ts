import type { TDatabase } from '../src/db/database';

/**
 * Runs `body` while the database refuses every alarm with the error code `code` (a trigger raising
 * SQLSTATE 22023): a refusal no schema foresaw, made by the database itself. Removed afterwards.
 */
export async function whileAlarmCodeRefused<T>(database: TDatabase, code: string, body: () => Promise<T>): Promise<T> {
  const name = `refuse_${code.toLowerCase()}`;
  await database.transaction(async (sql) => {
    await sql.query(`
      create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.error_code = '${code}' then raise exception 'no ${code} here' using errcode = '22023'; end if;
        return new;
      end $$`);
    await sql.query(`create trigger ${name} before insert on alarms for each row execute function ${name}()`);
  });
  try {
    return await body();
  } finally {
    await database.transaction(async (sql) => {
      await sql.query(`drop trigger ${name} on alarms`);
      await sql.query(`drop function ${name}()`);
    });
  }
}
