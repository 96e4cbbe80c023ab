/**
 * Inspector links (docs/hygiene.md, "Inspector links"): a read-only, time-limited address that shows
 * one machine's HACCP record over one period to whoever holds it, without an account.
 */

/** How long a new link stays valid when nobody says otherwise, in days. */
export const INSPECTOR_LINK_DEFAULT_DAYS = 30;
/** The longest a link may stay valid, in days: an inspection, not a standing window into the kitchen. */
export const INSPECTOR_LINK_MAX_DAYS = 90;
/** The longest label (whom the link is for: an inspector's name, an authority). */
export const INSPECTOR_LINK_LABEL_MAX_LENGTH = 100;
/** The random bytes of a link's token. */
export const INSPECTOR_TOKEN_BYTES = 32;
/** A link's token as it is made: base64url of INSPECTOR_TOKEN_BYTES bytes, without padding (43 characters). */
export const INSPECTOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Where the dashboard shows a link (the token follows). */
export const INSPECTOR_PAGE_PATH = '/inspect/';

/** A link's state: usable, past its expiry, or revoked by the machine's owner side or service. */
export const INSPECTOR_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type TInspectorLinkStatus = (typeof INSPECTOR_LINK_STATUSES)[number];

/** Why an opening was refused: the link's status then (docs/hygiene.md, "Inspector links"). */
export const INSPECTOR_LINK_REFUSALS = ['revoked', 'expired'] as const satisfies readonly TInspectorLinkStatus[];
export type TInspectorLinkRefusal = (typeof INSPECTOR_LINK_REFUSALS)[number];

/**
 * What an inspector may keep of the record the link shows (docs/hygiene.md, "Inspector links"): the
 * two HACCP reports as PDF and the same records as CSV, of the link's machine and period.
 */
export const INSPECTION_EXPORTS = ['events-pdf', 'alarms-pdf', 'events-csv', 'alarms-csv'] as const;
export type TInspectionExport = (typeof INSPECTION_EXPORTS)[number];

/**
 * The last day a new link's period may reach: today (UTC, as the periods are). A link shares records
 * that exist; a day still to come would show whatever the machine records later, for whoever holds
 * the machine then.
 */
export function lastShareableDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The days a new link shares of the period a page shows: the same, with the end brought back to
 * lastShareableDay when the page's today (the browser's, local) is already a day ahead of UTC's. A
 * period wholly ahead is left as it is, for the server to refuse with its reason.
 */
export function shareablePeriod(
  period: { startDate: string; stopDate: string },
  now = new Date(),
): { startDate: string; stopDate: string } {
  const last = lastShareableDay(now);
  return period.stopDate > last && period.startDate <= last ? { startDate: period.startDate, stopDate: last } : period;
}

/** The path of a link's page on the dashboard (the token is shown once, in this path). */
export function inspectorPagePath(token: string): string {
  return `${INSPECTOR_PAGE_PATH}${encodeURIComponent(token)}`;
}
