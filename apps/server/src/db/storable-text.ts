/**
 * A NUL character, or half of a surrogate pair without its other half. PostgreSQL stores neither:
 * text refuses NUL, and jsonb refuses both as the `\u` escapes JSON.stringify writes for them. A
 * driver turns a lone half in a text column into U+FFFD, changing what was sent without a word.
 * Code units, not code points (no `u` flag): the halves are what is looked for.
 */
// eslint-disable-next-line no-control-regex -- the NUL character is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Where text PostgreSQL cannot store sits in a parsed value (a key or a string), e.g. `body.firstName`; undefined when nowhere. */
export function findUnstorable(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? where : undefined;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return where;
    const found = findUnstorable(item, `${where}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}
