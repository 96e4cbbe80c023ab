import type { TDb } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { REPORT_SCHEDULE, REPORT_WEEKLY } from '../jobs/kinds';
import { nextHourlyUtc, scheduleRecurring } from '../jobs/recurring';
import type { Mailer } from '../mail/mailer';
import { translate } from '../i18n/translate';
import type { UnsubscribeService } from './unsubscribe.service';
import type { TReportRecipient, WeeklyReportRepository } from './weekly-report.repository';
import { machineWeeks } from './weekly-report-figures';
import type { WeeklyReportRenderer } from './weekly-report-renderer';
import { COUNTRY_TIME_ZONES, DEFAULT_TIME_ZONE, dueZones, reportWeek } from './weekly-report-time';

export type TWeeklyReportOptions = {
  /** where links in mails point (PUBLIC_URL) */
  publicUrl: string;
};

/**
 * How long after a zone's Monday 07:00 the hourly scheduler still queues its reports: a scheduler
 * run missed (every instance down, a failing run) is made up within this time. Reports already
 * written are not queued again (`weekly_reports`).
 */
export const LOOK_BACK_HOURS = 12;

/** Report jobs queued per statement. */
const ENQUEUE_BATCH = 1000;

/** The time zone of an account (docs/notifications.md, "Weekly report": its country's, else Europe/Rome). */
export function timeZoneOf(country: string | null): string {
  return COUNTRY_TIME_ZONES[(country ?? '').toUpperCase()] ?? DEFAULT_TIME_ZONE;
}

/**
 * The weekly report (docs/notifications.md, "Weekly report"). A recurring hourly job (`report.schedule`)
 * queues one `report.weekly` job per opted-in account whose Monday 07:00 has come, with the account
 * and week as dedupe key; that job reads the account's machines' week in a few statements and
 * writes one mail with the figures as a PDF, recording the week with it: one report per account and week.
 */
export class WeeklyReportService {
  constructor(
    private readonly db: TDb,
    private readonly repository: WeeklyReportRepository,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly renderer: WeeklyReportRenderer,
    private readonly unsubscribe: UnsubscribeService,
    /** The serial numbers a user sees: the rule of the device list and the push channel. */
    private readonly visibleSerials: (user: Pick<TReportRecipient, 'id' | 'brand' | 'role'>) => Promise<string[]>,
    private readonly options: TWeeklyReportOptions,
  ) {
    jobs.handle(REPORT_WEEKLY, ({ userId, week, timeZone }) => this.report(userId, week, timeZone));
  }

  /** Makes the scheduler recur hourly at :05 UTC (and once at every start). */
  async start(): Promise<void> {
    await scheduleRecurring(
      this.jobs,
      REPORT_SCHEDULE,
      {},
      (now) => nextHourlyUtc(now, 5),
      async () => {
        await this.schedule(new Date());
      },
    );
  }

  /**
   * The `report.schedule` job at `now`: queues the report of every opted-in account whose local
   * Monday 07:00 fell within the last LOOK_BACK_HOURS and whose week's report is not written yet.
   * Answers how many were queued (a job already waiting for the same account and week is not added twice).
   */
  async schedule(now: Date): Promise<number> {
    const zones = [...new Set([...Object.values(COUNTRY_TIME_ZONES), DEFAULT_TIME_ZONE])];
    const due = dueZones(now, zones, LOOK_BACK_HOURS);
    let queued = 0;
    for (const zone of due.keys()) {
      const countries = Object.keys(COUNTRY_TIME_ZONES).filter((c) => COUNTRY_TIME_ZONES[c] === zone);
      const { week } = reportWeek(now, zone);
      const users = await this.repository.optedIn(week, countries, zone === DEFAULT_TIME_ZONE, Object.keys(COUNTRY_TIME_ZONES));
      for (let i = 0; i < users.length; i += ENQUEUE_BATCH) {
        queued += await this.jobs.enqueueMany(
          REPORT_WEEKLY,
          users.slice(i, i + ENQUEUE_BATCH).map((user) => ({
            payload: { userId: user.id, week, timeZone: zone },
            options: { dedupeKey: `${user.id}:${week}`, brand: user.brand },
          })),
        );
      }
    }
    return queued;
  }

  /**
   * The `report.weekly` job: the account's report of the week starting on `week` (a local Monday).
   * Reads outside a transaction (the visibility rule goes through its cache), then stores the mail
   * and records the week in one: run twice, the second run finds the week recorded and writes nothing.
   */
  async report(userId: string, week: string, timeZone: string): Promise<void> {
    const user = await this.repository.reportUser(this.db, userId);
    if (!user?.wanted || (await this.repository.written(userId, week))) return;
    const [y, m, d] = week.split('-').map(Number);
    // Any instant of the following week gives back the reported week and the one before it.
    const bounds = reportWeek(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 10)), timeZone);
    const serials = await this.visibleSerials(user);
    const [rows, cycles] = await Promise.all([
      this.repository.machines(this.db, serials, bounds),
      this.repository.cycles(this.db, serials, bounds),
    ]);
    // Someone who sees no machine gets no report; the week is noted as done all the same, so the
    // hourly scheduler does not queue it again for the rest of the morning.
    if (rows.length === 0) {
      await this.repository.claimWeek(this.db, userId, week);
      return;
    }
    const mail = await this.renderer.render({
      brand: user.brand,
      lang: user.language,
      timeZone,
      firstName: user.firstName,
      start: bounds.start,
      end: bounds.end,
      machines: machineWeeks(rows, cycles),
      publicUrl: this.options.publicUrl,
      unsubscribeUrl: await this.unsubscribe.link(user.id, 'weeklyReport'),
      preferenceLabel: translate(user.language, 'profile.weeklyReport'),
      week,
    });
    await this.db.transaction(async (tx) => {
      if (!(await this.repository.claimWeek(tx, user.id, week))) return;
      await this.mailer.enqueue(user.brand, user.email, mail, tx);
    });
  }
}
