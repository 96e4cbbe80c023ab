import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_LIST_LIMIT,
  type TNotification,
  type TNotificationKind,
  type TNotificationPayload,
} from '@washboard/contracts';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { TTransaction } from '../db/transaction';
import { appliances, notifications } from '../db/schema/index';

export type TNewNotification = {
  userId: string;
  brand: TBrandCode;
  kind: TNotificationKind;
  serialNumber: string;
  /** the alarm told of; null for a threshold notification */
  alarmId: string | null;
  payload: TNotificationPayload;
};
type TRow = typeof notifications.$inferSelect;

/** A stored notification as the API answers it. */
export function toNotification(row: TRow): TNotification {
  return {
    id: row.id,
    kind: row.kind,
    serialNumber: row.serialNumber,
    alarmId: row.alarmId,
    errorCode: row.payload.errorCode ?? null,
    applianceName: row.payload.applianceName,
    threshold: row.payload.threshold ?? null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/** SQL of the notification centre: adding, listing and marking read one user's notifications. */
/** Rows per insert statement (about 8 parameters each). */
const INSERT_CHUNK = 1000;

export class NotificationRepository {
  constructor(private readonly db: TDb) {}

  in(t: TTransaction): NotificationRepository {
    return new NotificationRepository(t.tx);
  }

  /**
   * Adds notifications; one a user already has for the same alarm and kind is not added again (a
   * follow-up job that ran twice). Answers those added.
   */
  async insert(rows: TNewNotification[]): Promise<TRow[]> {
    const added: TRow[] = [];
    // In chunks: one statement's bound parameters are limited (65,535), and a batch of alarms times
    // the people who see each machine can pass that.
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      added.push(
        ...(await this.db
          .insert(notifications)
          .values(rows.slice(start, start + INSERT_CHUNK))
          .onConflictDoNothing({
            target: [notifications.userId, notifications.kind, notifications.serialNumber, notifications.alarmId],
          })
          .returning()),
      );
    }
    return added;
  }

  /**
   * The user's newest notifications and how many of all are unread, of the machines `visible`
   * (a condition on `appliances`) still selects: a machine the user no longer sees takes its
   * notifications out of the centre.
   */
  async list(userId: string, visible: SQL): Promise<{ rows: TRow[]; unread: number }> {
    const rows = await this.db
      .select({ notification: notifications })
      .from(notifications)
      .innerJoin(appliances, eq(appliances.serialNumber, notifications.serialNumber))
      .where(and(eq(notifications.userId, userId), visible))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT);
    const [unread] = await this.db
      .select({ n: count() })
      .from(notifications)
      .innerJoin(appliances, eq(appliances.serialNumber, notifications.serialNumber))
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), visible));
    return { rows: rows.map((r) => r.notification), unread: Number(unread?.n ?? 0) };
  }

  /** Marks one of the user's notifications read; answers false when the user has no such notification. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }
}
