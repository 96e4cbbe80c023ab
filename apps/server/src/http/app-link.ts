/**
 * An address of the dashboard for a mail or a printed QR code: `path` (from the site's root, with its
 * query) on PUBLIC_URL, written with or without a trailing slash. The one way the server builds them.
 */
export function appLink(publicUrl: string, path: string): string {
  return new URL(path, publicUrl).toString();
}

/** A machine's screen on the dashboard, `rest` after it (a section, a query). */
export function machineLink(publicUrl: string, serial: string, rest = ''): string {
  return appLink(publicUrl, `/device/${encodeURIComponent(serial)}${rest}`);
}
