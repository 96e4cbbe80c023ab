import { z } from 'zod';
import type { TAlarmView } from './appliance.schema';
import { SERIAL_NUMBER_PATTERN } from './protocol';
import type { TNotification } from '../notifications/notification.schema';
import type { TCycleType } from './cycles';
import type { TLiveTelemetry } from './telemetry-fields';

/**
 * Messages of the push channel `/api/v1/live` (server → browser), each about one machine the user
 * may see. The browser first sends `{"type":"auth","token":…,"brand":…,"subscriptionKey":…}`.
 */
export type TLiveMessage =
  | {
      type: 'status';
      serialNumber: string;
      online: boolean;
      systemState: number | null;
      cycleType: TCycleType | null;
      cycleNumber: number | null;
      ts: string;
    }
  | { type: 'telemetry'; serialNumber: string; telemetry: TLiveTelemetry }
  | {
      type: 'alarm';
      serialNumber: string;
      /** The device's fields; an acknowledgement or assignment sends the alarm's lifecycle too. */
      alarm: { id: string; errorCode: string; startDate: string; stopDate: string | null } & Partial<
        Pick<TAlarmView, 'acknowledgement' | 'assignment'>
      >;
    }
  | { type: 'fotaStatus'; serialNumber: string; perc: number; inProg: boolean }
  | { type: 'versions'; serialNumber: string; versions: { fw00: string; fw02: string; connectivity: string; control: string } }
  /** The set of machines the user may see changed (claimed, released): reload the list. */
  | { type: 'appliances' }
  /** A new entry of the user's notification centre (sent to that user only). */
  | { type: 'notification'; notification: TNotification };

/** Server → browser control messages of the push channel; `BAD_MESSAGE` answers a message the server refused. */
export type TLiveControl =
  { type: 'ready' } | { type: 'error'; code: 'UNAUTHORIZED' | 'AUTH_TIMEOUT' | 'BAD_MESSAGE' | TLiveReauthenticateReason };

/** The most machines a page can watch (`ZLiveWatch`); a page showing more watches every machine. */
export const LIVE_WATCH_MAX = 1_000;

/**
 * Browser → server, in the first message (`auth`'s `serials`) and whenever it changes: the machines
 * whose values (`telemetry`) the page shows, which alone the server then sends it; `null`, or never
 * said: every machine the user may see. Every other message still comes for every machine the user
 * may see (docs/architecture.md, "Push channel").
 */
export const ZLiveWatchedSerials = z.array(z.string().regex(SERIAL_NUMBER_PATTERN)).max(LIVE_WATCH_MAX).nullable();
export const ZLiveWatch = z.object({ type: z.literal('watch'), serials: ZLiveWatchedSerials }).strict();
export type TLiveWatch = z.infer<typeof ZLiveWatch>;

/** Why the server asks a browser to authenticate its push channel again (close code 4402). */
export type TLiveReauthenticateReason = 'TOKEN_EXPIRED' | 'SESSION_CHANGED';

export const LIVE_PATH = '/api/v1/live';
/** Close codes of the push channel. */
export const LIVE_CLOSE_UNAUTHORIZED = 4401;
/**
 * The socket's token expired, or the user's session changed (signed out elsewhere, deleted, new role):
 * refresh the tokens and open the channel again; if the refresh is refused, the session is over.
 */
export const LIVE_CLOSE_REAUTHENTICATE = 4402;
