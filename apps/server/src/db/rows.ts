/** The rows of a raw statement's answer (`db.execute`): both PGlite and node-postgres give `{ rows }`. */
export function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}
