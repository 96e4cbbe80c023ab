/** The browser's time zone, in which the dashboard writes times (UTC when the browser names none). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
