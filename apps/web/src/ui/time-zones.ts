/** Every IANA time zone the browser knows, its own first (for a zone picker). */
export function timeZones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = Intl.supportedValuesOf('timeZone');
  return [own, ...all.filter((zone) => zone !== own)];
}
