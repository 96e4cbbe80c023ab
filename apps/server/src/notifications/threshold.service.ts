import {
  canEditThresholds,
  USAGE_TRAILING_DAYS,
  type TBrandCode,
  type TThresholdCondition,
  type TThresholdSettings,
  type TThresholdView,
} from '@washboard/contracts';
import type { TUser } from '../account/account.repository';
import type { TAppliance, TApplianceState } from '../appliance/appliance.repository';
import type { ApplianceService } from '../appliance/appliance.service';
import type { AuditService } from '../audit/audit.service';
import type { TAuthUser } from '../auth/token.service';
import type { TSqlRunner } from '../db/database';
import type { Transactions } from '../db/transaction';
import { AppError } from '../errors';
import type { JobQueue, TJobContext } from '../jobs/job-queue';
import { THRESHOLD_CHECK, THRESHOLD_MAIL, THRESHOLD_SWEEP } from '../jobs/kinds';
import { nextEveryMinutesUtc, scheduleRecurring } from '../jobs/recurring';
import type { Mailer } from '../mail/mailer';
import type { AlarmMailRepository } from './alarm-mail.repository';
import type { NotificationService } from './notification.service';
import { renderThresholdMail } from './threshold-mail-template';
import { settingsOf, type ThresholdRepository, type TTransition } from './threshold.repository';
import { ingestVerdicts, machineTimeZone, offlineVerdict, usageVerdicts, type TVerdicts } from './threshold-rules';
import type { UnsubscribeService } from './unsubscribe.service';
import { machineLink, type TLinkBase } from '../http/app-link';

/** The minutes between two runs of `threshold.sweep`. */
const SWEEP_MINUTES = 5;

type TAudience = { appliance: { applianceName: string | null; brand: TBrandCode }; viewers: TUser[] };

export type TThresholdOptions = {
  /** ALARM_MAIL_DIGEST_SECONDS: a user's notices are collected this long into one mail */
  digestSeconds: number;
  /** where links in mails point (PUBLIC_URL), in the reader's brand */
  links: TLinkBase;
};

/** The clock a machine's opening hours are on (`machineTimeZone`), from the machine as its callers see it. */
function clockOf({ appliance, state }: { appliance: TAppliance; state: TApplianceState }): string {
  return machineTimeZone(state.info?.installation, appliance.country);
}

/**
 * Threshold notifications (docs/notifications.md, "Threshold notifications"): watches each machine
 * for the conditions of `THRESHOLD_CONDITIONS` against its settings, and tells the people who see it
 * and opted in — in the notification centre and, folded per user over the digest window, by mail —
 * once per condition until it clears. Hygiene, chemicals and maintenance are judged when their data
 * arrives (`threshold.check`, one job per written batch that carried any); offline time and the
 * water and energy averages by `threshold.sweep` every five minutes.
 */
export class ThresholdService {
  constructor(
    private readonly repository: ThresholdRepository,
    private readonly recipients: AlarmMailRepository,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly unsubscribe: UnsubscribeService,
    private readonly notifications: NotificationService,
    private readonly transactions: Transactions,
    private readonly appliances: ApplianceService,
    private readonly audit: AuditService,
    /** Who sees each machine (`machineAudiences`, shared with the alarm mails). */
    private readonly audiences: (serials: string[]) => Promise<Map<string, TAudience>>,
    private readonly options: TThresholdOptions,
  ) {
    jobs.handle(THRESHOLD_CHECK, ({ serials }) => this.check(serials));
    jobs.handle(THRESHOLD_MAIL, ({ userId }, context) => this.mail(userId, context));
  }

  /** Starts the recurring sweep (at every start and every five minutes). */
  start(): Promise<void> {
    return scheduleRecurring(
      this.jobs,
      THRESHOLD_SWEEP,
      {},
      (now) => nextEveryMinutesUtc(now, SWEEP_MINUTES),
      () => this.sweep(),
    );
  }

  /** The machine's settings, for whoever sees it (404 APPLIANCE_NOT_FOUND for anyone else). */
  async view(user: TAuthUser, serial: string): Promise<TThresholdView> {
    const machine = await this.appliances.visible(user, serial);
    const own = await this.repository.settings(serial);
    return {
      settings: own ?? settingsOf(undefined),
      custom: own !== undefined,
      canEdit: canEditThresholds(user),
      timeZone: clockOf(machine),
    };
  }

  /**
   * Sets the machine's settings: its service and the brand's administrators (403 FORBIDDEN for a
   * kitchen manager), audited in the same transaction. The machine's ingest-side conditions are
   * judged again at once against the new settings.
   */
  async update(user: TAuthUser, serial: string, settings: TThresholdSettings): Promise<TThresholdView> {
    const machine = await this.appliances.visible(user, serial);
    if (!canEditThresholds(user)) throw new AppError('FORBIDDEN');
    const before = (await this.repository.settings(serial)) ?? null;
    await this.transactions.run(async (t) => {
      await this.repository.saveSettings(t.tx, serial, settings);
      await this.audit.record(
        user,
        {
          action: 'thresholds.set',
          target: { kind: 'product', id: serial, label: serial },
          serialNumber: serial,
          before,
          after: settings,
        },
        t,
      );
      await this.jobs.enqueue(THRESHOLD_CHECK, { serials: [serial] }, { db: t.tx, brand: user.brand });
    });
    return { settings, custom: true, canEdit: true, timeZone: clockOf(machine) };
  }

  /** The gateway writer's hook, in the batch's transaction: one job per brand for the machines whose data the ingest-side conditions read. */
  async batchWritten(sql: TSqlRunner, serials: readonly string[]): Promise<void> {
    await this.jobs.enqueuePerBrandSql(sql, THRESHOLD_CHECK, serials);
  }

  /**
   * Runs the evaluations of this instance one at a time: each reads the facts and the conditions
   * held, then applies the difference, and two of them interleaved (jobs run four at a time) could
   * apply an older reading over a newer one — ending a condition a newer failing cycle still holds.
   * Several instances can still interleave (docs/notifications.md).
   */
  private queue: Promise<unknown> = Promise.resolve();
  private oneAtATime<T>(evaluate: () => Promise<T>): Promise<T> {
    const run = this.queue.then(evaluate, evaluate);
    this.queue = run.catch(() => {});
    return run;
  }

  /** The `threshold.check` job: hygiene, chemicals and maintenance of the machines. */
  check(serials: readonly string[]): Promise<void> {
    return this.oneAtATime(async () => {
      const facts = await this.repository.ingestFacts(serials);
      const held = await this.repository.held(serials);
      const transitions = facts.flatMap((f) => changes(f.serialNumber, ingestVerdicts(f, f.settings), held.get(f.serialNumber)));
      await this.apply(transitions);
    });
  }

  /** The `threshold.sweep` job: offline time in opening hours, and water and energy against their averages. */
  sweep(now = new Date()): Promise<void> {
    return this.oneAtATime(() => this.sweepNow(now));
  }

  private async sweepNow(now: Date): Promise<void> {
    const held = await this.repository.held();
    const transitions: TTransition[] = [];
    for (const f of await this.repository.offlineFacts()) {
      const zone = machineTimeZone(f.installed, f.country);
      const verdicts: TVerdicts = new Map([['offline', offlineVerdict(f.offlineSince, now, f.settings, zone)]]);
      transitions.push(...changes(f.serialNumber, verdicts, held.get(f.serialNumber)));
    }
    const today = now.toISOString().slice(0, 10);
    for (const f of await this.repository.usageFacts(today, USAGE_TRAILING_DAYS)) {
      const mine = held.get(f.serialNumber) ?? new Set();
      transitions.push(...changes(f.serialNumber, usageVerdicts(f, f.settings, mine), mine));
    }
    await this.apply(transitions);
  }

  /**
   * Ends and begins conditions; each one begun is told to those who see the machine and opted in:
   * a notification, and a notice for their mail, whose digest window starts if none is open.
   */
  private async apply(transitions: TTransition[]): Promise<void> {
    if (transitions.length === 0) return;
    const begun = transitions.filter((t) => t.active);
    // Read before the transaction (on PGlite the transaction holds the one connection).
    const audiences: Map<string, TAudience> =
      begun.length > 0 ? await this.audiences([...new Set(begun.map((t) => t.serialNumber))]) : new Map();
    await this.transactions.run(async (t) => {
      const told = await this.repository.apply(t.tx, transitions);
      const notices = told.flatMap((change) => {
        const audience = audiences.get(change.serialNumber);
        if (!audience) return [];
        return audience.viewers
          .filter((v) => v.thresholdNotifications)
          .map((viewer) => ({ viewer, change, applianceName: audience.appliance.applianceName ?? change.serialNumber }));
      });
      if (notices.length === 0) return;
      // As with alarm mails: a user's mail job and new notices take turns on the user's row.
      await this.recipients.lockUsers(t.tx, [...new Set(notices.map((n) => n.viewer.id))]);
      await this.notifications.add(
        t,
        notices.map(({ viewer, change, applianceName }) => ({
          userId: viewer.id,
          brand: viewer.brand,
          kind: 'threshold' as const,
          serialNumber: change.serialNumber,
          alarmId: null,
          payload: { applianceName, threshold: { condition: change.condition, values: change.values } },
        })),
      );
      await this.repository.queueMail(
        t.tx,
        notices.map(({ viewer, change }) => ({
          userId: viewer.id,
          serialNumber: change.serialNumber,
          condition: change.condition,
          values: change.values,
        })),
      );
      const runAt = new Date(Date.now() + this.options.digestSeconds * 1000);
      for (const viewer of new Map(notices.map((n) => [n.viewer.id, n.viewer])).values()) {
        // A user whose window is already open keeps it: the queued job takes the new notices too.
        await this.jobs.enqueue(
          THRESHOLD_MAIL,
          { userId: viewer.id },
          { db: t.tx, runAt, dedupeKey: viewer.id, brand: viewer.brand },
        );
      }
    });
  }

  /** The `threshold.mail` job: one mail of the user's notices queued since the last one. */
  async mail(userId: string, { db }: TJobContext): Promise<void> {
    await this.recipients.lockUsers(db, [userId]);
    const user = await this.recipients.mailUser(db, userId, 'thresholdNotifications');
    const pending = await this.repository.take(db, userId);
    // Turned off (or the account closed) during the window: the notices stay unmailed.
    if (!user?.wanted || pending.length === 0) return;
    const mail = renderThresholdMail({
      brand: user.brand,
      lang: user.language,
      firstName: user.firstName,
      items: pending.map((p) => ({ ...p, link: machineLink(this.options.links, user.brand, p.serialNumber) })),
      unsubscribeUrl: await this.unsubscribe.link(user.id, 'thresholdNotifications'),
    });
    await this.mailer.enqueue(user.brand, user.email, mail, db);
  }
}

/** The state changes `verdicts` make against what is held: begun when active and not held, ended when not active and held. */
function changes(serialNumber: string, verdicts: TVerdicts, held: ReadonlySet<TThresholdCondition> | undefined): TTransition[] {
  const out: TTransition[] = [];
  for (const [condition, { active, values }] of verdicts) {
    if (active !== (held?.has(condition) ?? false)) out.push({ serialNumber, condition, active, values });
  }
  return out;
}
