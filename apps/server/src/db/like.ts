/** A search word taken literally in LIKE: `%`, `_` and the escape character itself lose their meaning. */
export function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The words of a keyword search (each must appear in some column of the table searched). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').split(/\s+/).filter(Boolean);
}
