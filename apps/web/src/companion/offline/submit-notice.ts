import type { TFunction } from 'i18next';
import type { TSubmitOutcome } from './mutation-queue';

/**
 * What a screen tells the user once a change went through the offline queue: saved, kept for the
 * network, or refused — replayed behind earlier changes, the server said no. A refused change is
 * never "saved": the notice names it, and <OfflineQueueStatus/> keeps it listed with the server's
 * reason until it is dropped. `texts`: the screen's own words for the other two outcomes.
 */
export function submitNotice(
  outcome: TSubmitOutcome,
  label: string,
  t: TFunction,
  texts: { sent: string; queued: string },
): { color: string; message: string } {
  if (outcome === 'failed') return { color: 'red', message: t('mobile.offline.refused', { label }) };
  return outcome === 'queued' ? { color: 'yellow', message: texts.queued } : { color: 'teal', message: texts.sent };
}
