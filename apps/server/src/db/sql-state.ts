/**
 * The database's words when `error` (or a cause of it) is its refusal of the data itself — SQLSTATE
 * class 21, cardinality violation (one statement touching a row twice), 22, data exception, or 23,
 * integrity constraint violation — which the same data would meet again; undefined for anything
 * else (a lost connection, a shutdown), which is worth trying again as it was.
 */
export function dataErrorOf(error: unknown): string | undefined {
  let e = error;
  for (let depth = 0; typeof e === 'object' && e !== null && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^2[123][0-9A-Z]{3}$/.test(code)) {
      return `${code}: ${typeof message === 'string' ? message : ''}`;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
