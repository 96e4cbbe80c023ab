import type { TFotaStatus } from './protocol.schema';

/**
 * Whether a firmware progress report (`fota`) is older than the one already held, and is to be
 * ignored. Several ingest connections share the broker's subscription, so one machine's reports can
 * arrive out of order: within one update (same version) the progress never goes back, and a finished
 * update is not reopened. A report of another version, or one saying no update runs, always counts.
 */
export function staleFota(held: TFotaStatus | null | undefined, next: TFotaStatus): boolean {
  if (!held || held.version !== next.version || !next.inProg) return false;
  return held.inProg ? held.perc > next.perc : held.perc === 100;
}

/** Whether a firmware update is running on the machine: its last `fota` report says in progress. */
export function firmwareUpdating(fota: TFotaStatus | null | undefined): boolean {
  return fota?.inProg === true;
}
