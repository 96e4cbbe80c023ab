import type { TDb } from '../db/database';
import type { JobQueue, TJobContext } from '../jobs/job-queue';
import { ALARM_MAIL, ALARM_OPENED } from '../jobs/kinds';
import type { Mailer } from '../mail/mailer';
import { translate } from '../i18n/translate';
import type { AlarmMailRepository, TAlarmRecipient } from './alarm-mail.repository';
import { renderAlarmMail } from './alarm-mail-template';
import type { UnsubscribeService } from './unsubscribe.service';

/** One opening of an `alarm.opened` job: the machine and the device-made alarm id. */
type TOpening = { serial: string; id: string };

export type TAlarmMailOptions = {
  /** ALARM_MAIL_DIGEST_SECONDS: how long a user's openings are collected into one mail */
  digestSeconds: number;
  /** ALARM_MAIL_REOPEN_SECONDS: a reopening this soon after the code closed is not mailed again */
  reopenSeconds: number;
  /** where links in mails point (PUBLIC_URL) */
  publicUrl: string;
};

/**
 * Alarm notification mails (docs/notifications.md). The ingestion queues one `alarm.opened` job per
 * batch that opened alarms; it records, for every user who sees the machine and wants alarm mails,
 * the opening, and starts that user's `alarm.mail` job after the digest window, which writes one
 * mail of everything recorded meanwhile.
 */
export class AlarmMailService {
  constructor(
    private readonly db: TDb,
    private readonly repository: AlarmMailRepository,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly unsubscribe: UnsubscribeService,
    /** The serial numbers a user sees: the rule of the device list and the push channel. */
    private readonly visibleSerials: (user: TAlarmRecipient) => Promise<string[]>,
    private readonly options: TAlarmMailOptions,
  ) {
    jobs.handle(ALARM_OPENED, ({ alarms }) => this.opened(alarms));
    jobs.handle(ALARM_MAIL, ({ userId }, context) => this.mail(userId, context));
  }

  /** The `alarm.opened` job: records who is to be told and starts their digest windows. */
  async opened(alarms: readonly TOpening[]): Promise<void> {
    const brands = await this.repository.brands([...new Set(alarms.map((a) => a.serial))]);
    const recipients = await this.repository.optedIn([...new Set(brands.values())]);
    const rows: { userId: string; serial: string; alarmId: string }[] = [];
    for (const user of recipients) {
      const sees = new Set(await this.visibleSerials(user));
      for (const alarm of alarms) {
        if (brands.get(alarm.serial) === user.brand && sees.has(alarm.serial)) {
          rows.push({ userId: user.id, serial: alarm.serial, alarmId: alarm.id });
        }
      }
    }
    if (rows.length === 0) return;
    const brandOf = new Map(recipients.map((u) => [u.id, u.brand]));
    await this.db.transaction(async (tx) => {
      await this.repository.lockUsers(tx, [...new Set(rows.map((r) => r.userId))]);
      const told = await this.repository.record(tx, rows, this.options.reopenSeconds);
      const runAt = new Date(Date.now() + this.options.digestSeconds * 1000);
      for (const userId of told) {
        // A user whose window is already open keeps it: the queued job takes the new openings too.
        await this.jobs.enqueue(ALARM_MAIL, { userId }, { db: tx, runAt, dedupeKey: userId, brand: brandOf.get(userId) });
      }
    });
  }

  /** The `alarm.mail` job: one mail of the user's openings recorded since the last one. */
  async mail(userId: string, { db }: TJobContext): Promise<void> {
    await this.repository.lockUsers(db, [userId]);
    const user = await this.repository.mailUser(db, userId);
    const pending = await this.repository.take(db, userId, this.options.reopenSeconds);
    // Turned off (or the account closed) during the window: the openings stay untold.
    if (!user?.wanted || pending.length === 0) return;
    const items = pending.map((p) => ({
      ...p,
      link: new URL(`/device/${encodeURIComponent(p.serialNumber)}`, `${this.options.publicUrl.replace(/\/$/, '')}/`).toString(),
    }));
    const mail = renderAlarmMail({
      brand: user.brand,
      lang: user.language,
      firstName: user.firstName,
      items,
      unsubscribeUrl: await this.unsubscribe.link(user.id, 'alarmNotifications'),
      preferenceLabel: translate(user.language, 'profile.alarmNotifications'),
    });
    await this.mailer.enqueue(user.brand, user.email, mail, db);
  }
}
