/** Text a stranger typed, as a mail quotes it: control characters and line breaks gone, cut to `max`. */
export function quoted(text: string, max: number): string {
  const line = text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
