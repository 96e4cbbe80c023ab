import type { TDb } from '../db/database';
import type { JobQueue, TJobContext } from '../jobs/job-queue';
import { ALARM_MAIL, ALARM_OPENED } from '../jobs/kinds';
import type { Mailer } from '../mail/mailer';
import { translate } from '../i18n/translate';
import type { TBrandCode } from '@washboard/contracts';
import type { TUser } from '../account/account.repository';
import type { AlarmMailRepository } from './alarm-mail.repository';
import { renderAlarmMail } from './alarm-mail-template';
import type { UnsubscribeService } from './unsubscribe.service';
import { machineLink } from '../http/app-link';

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
    /** Who sees each machine (`machineAudiences`: the rule of the device list, from the machine's side). */
    private readonly audiences: (serials: string[]) => Promise<Map<string, { viewers: TUser[] }>>,
    private readonly options: TAlarmMailOptions,
  ) {
    jobs.handle(ALARM_OPENED, ({ alarms }) => this.opened(alarms));
    jobs.handle(ALARM_MAIL, ({ userId }, context) => this.mail(userId, context));
  }

  /** The `alarm.opened` job: records who is to be told and starts their digest windows. */
  async opened(alarms: readonly TOpening[]): Promise<void> {
    // Asked once per machine, not once per account of the brand.
    const audiences = await this.audiences(alarms.map((a) => a.serial));
    const rows: { userId: string; serial: string; alarmId: string }[] = [];
    const brandOf = new Map<string, TBrandCode>();
    for (const alarm of alarms) {
      for (const user of audiences.get(alarm.serial)?.viewers ?? []) {
        if (!user.alarmNotifications) continue;
        rows.push({ userId: user.id, serial: alarm.serial, alarmId: alarm.id });
        brandOf.set(user.id, user.brand);
      }
    }
    if (rows.length === 0) return;
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
      link: machineLink(this.options.publicUrl, p.serialNumber),
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
