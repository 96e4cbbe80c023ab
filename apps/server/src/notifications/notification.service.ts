import type { TBrandCode, TNotificationList } from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { ApplianceAccess } from '../appliance/appliance-access';
import type { TTransaction } from '../db/transaction';
import type { TUserMessage } from '../live/live.hub';
import { toNotification, type NotificationRepository, type TNewNotification } from './notification.repository';

/** Sends a push message to one user's browsers (the live hub). */
export type TUserPush = (brand: TBrandCode, userId: string, message: TUserMessage) => void;

/**
 * The notification centre (docs/alarms.md): each user reads and marks read only their own
 * notifications. New ones are added in the transaction of what caused them and pushed to the
 * user's open tabs once it committed.
 */
export class NotificationService {
  constructor(
    private readonly repository: NotificationRepository,
    private readonly access: ApplianceAccess,
    private readonly push: TUserPush,
  ) {}

  /** The caller's newest notifications and the count of unread ones, of machines the caller still sees. */
  async list(user: TAuthUser): Promise<TNotificationList> {
    const { rows, unread } = await this.repository.list(user.id, await this.access.condition(user));
    return { items: rows.map(toNotification), unread };
  }

  /** Marks one of the caller's notifications read (404 NOT_FOUND for anyone else's). */
  async markRead(user: TAuthUser, id: string): Promise<void> {
    if (!(await this.repository.markRead(user.id, id))) throw new AppError('NOT_FOUND');
  }

  async markAllRead(user: TAuthUser): Promise<void> {
    await this.repository.markAllRead(user.id);
  }

  /** Adds notifications in `t`; each one added is pushed to its user once `t` committed. */
  async add(t: TTransaction, rows: TNewNotification[]): Promise<void> {
    const added = await this.repository.in(t).insert(rows);
    t.afterCommit(() => {
      for (const row of added) this.push(row.brand, row.userId, { type: 'notification', notification: toNotification(row) });
    });
  }
}
