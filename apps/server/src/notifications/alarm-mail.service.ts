import type { TDb } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { ALARM_MAIL, ALARM_OPENED } from '../jobs/kinds';
import type { Mailer } from '../mail/mailer';
import type { TRenderedMail } from '../mail/mail-templates';
import { translate } from '../i18n/translate';
import type { TBrandCode } from '@washboard/contracts';
import type { TUser } from '../account/account.repository';
import type { AlarmMailRepository, TMailUser, TPendingAlarm } from './alarm-mail.repository';
import { renderAlarmMail } from './alarm-mail-template';
import type { UnsubscribeService } from './unsubscribe.service';
import { machineLink, type TLinkBase } from '../http/app-link';

/**
 * Users' alarm mails one `alarm.mail` call writes at most: a burst across many machines ends many
 * users' windows within seconds, and a job per user took a transaction of ten statements each
 * (docs/benchmarks.md, "Alarm to mail").
 */
export const ALARM_MAIL_BATCH = 25;

/** One opening of an `alarm.opened` job: the machine and the device-made alarm id. */
type TOpening = { serial: string; id: string };

export type TAlarmMailOptions = {
  /** ALARM_MAIL_DIGEST_SECONDS: how long a user's openings are collected into one mail */
  digestSeconds: number;
  /** ALARM_MAIL_REOPEN_SECONDS: a reopening this soon after the code closed is not mailed again */
  reopenSeconds: number;
  /** where links in mails point (PUBLIC_URL), in the reader's brand */
  links: TLinkBase;
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
    jobs.handleBatch(ALARM_MAIL, ALARM_MAIL_BATCH, (list) =>
      this.mailMany(list.map(({ payload, context }) => ({ userId: payload.userId, jobId: context.id }))),
    );
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

  /**
   * `alarm.mail` jobs: for each user, one mail of the openings recorded since the last one. The
   * batch's users are locked, read, their openings taken and their mails stored in one transaction:
   * run again (a restart, another instance), it finds the openings taken and writes nothing. The
   * jobs' dedupe keys go with that commit: an opening recorded after it starts a new window even
   * though these jobs have yet to be marked done. A user whose mail cannot be written (an account
   * naming a brand this server no longer has) fails alone: that user's openings are given back and
   * that job keeps its key and is retried, while the others' mails are stored.
   */
  async mailMany(list: readonly { userId: string; jobId: number }[]): Promise<(Error | undefined)[]> {
    const ids = [...new Set(list.map((job) => job.userId))];
    const failed = new Map<string, Error>();
    await this.db.transaction(async (tx) => {
      // The users first, as `opened` does: it locks them before it queues a job with their key,
      // so letting the keys go before the locks would make the two wait for each other.
      await this.repository.lockUsers(tx, ids);
      const people = await this.repository.mailUsers(tx, ids);
      const pending = await this.repository.take(tx, ids, this.options.reopenSeconds);
      const mails: { brand: TBrandCode; to: string; mail: TRenderedMail }[] = [];
      for (const id of ids) {
        const user = people.get(id);
        const items = pending.get(id) ?? [];
        // Turned off (or the account closed) during the window: the openings stay untold.
        if (!user?.wanted || items.length === 0) continue;
        try {
          mails.push({ brand: user.brand, to: user.email, mail: await this.render(user, items) });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          failed.set(id, new Error(`the mail could not be written: ${reason}`, { cause: error }));
          await this.repository.putBack(tx, id, items);
        }
      }
      await this.jobs.releaseDedupeKeys(
        tx,
        list.filter((job) => !failed.has(job.userId)).map((job) => job.jobId),
      );
      await this.mailer.enqueueMany(mails, tx);
    });
    return list.map((job) => failed.get(job.userId));
  }

  private async render(user: TMailUser, items: readonly TPendingAlarm[]): Promise<TRenderedMail> {
    return renderAlarmMail({
      brand: user.brand,
      lang: user.language,
      firstName: user.firstName,
      items: items.map((p) => ({ ...p, link: machineLink(this.options.links, user.brand, p.serialNumber) })),
      unsubscribeUrl: await this.unsubscribe.link(user.id, 'alarmNotifications'),
      preferenceLabel: translate(user.language, 'profile.alarmNotifications'),
    });
  }
}
