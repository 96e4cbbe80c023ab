import { COUNTRY_TIME_ZONES, DEFAULT_TIME_ZONE, isTimeZone } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { JobQueue } from '../jobs/job-queue';
import { REPORT_SCHEDULE, REPORT_WEEKLY } from '../jobs/kinds';
import { nextHourlyUtc, scheduleRecurring } from '../jobs/recurring';
import type { Mailer } from '../mail/mailer';
import type { TRenderedMail } from '../mail/mail-templates';
import { translate } from '../i18n/translate';
import type { TLinkBase } from '../http/app-link';
import type { UnsubscribeService } from './unsubscribe.service';
import type {
  TMachineWeekRow,
  TReportRecipient,
  TReportUser,
  TWeekBounds,
  WeeklyReportRepository,
} from './weekly-report.repository';
import { historyFloor } from '../appliance/appliance-access';
import type { WeeklyReportRenderer } from './weekly-report-renderer';
import { dueZones, reportWeek } from './weekly-report-time';

export type TWeeklyReportOptions = {
  /** where links in mails point (PUBLIC_URL), in the reader's brand */
  links: TLinkBase;
};

/**
 * How long after a zone's Monday 07:00 the hourly scheduler still queues its reports: a scheduler
 * run missed (every instance down, a failing run) is made up within this time. Reports already
 * written are not queued again (`weekly_reports`).
 */
export const LOOK_BACK_HOURS = 12;

/** Report jobs queued per statement. */
const ENQUEUE_BATCH = 1000;

/**
 * Reports one `report.weekly` call writes at most: their accounts, machines, records, mails and
 * the jobs' completion each take one statement for all of them (docs/notifications.md).
 */
export const REPORT_BATCH = 25;

/**
 * Machines whose week one read holds at most: a batch's accounts are read in groups under it (an
 * account that sees more is a group of its own). Chosen when the cycles were parsed into rows on
 * the main thread, where a bigger answer (75 machines: 29,000 cycles) kept the event loop from
 * other requests for too long; a smaller one plans the machines statement more often
 * (docs/benchmarks.md, "Weekly reports").
 */
const MACHINES_PER_READ = 12;

type TReportRequest = { userId: string; week: string; timeZone: string };
/** A report found due: its place in the batch, its account and the machines the account sees. */
type TDueReport = { index: number; request: TReportRequest; user: TReportUser; serials: readonly string[] };

/** Lets the event loop run what waits (other requests) before going on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** The due reports in groups of one week and zone whose machines together stay within MACHINES_PER_READ. */
function readGroups(due: readonly TDueReport[]): TDueReport[][] {
  const key = ({ request }: TDueReport) => `${request.week}/${request.timeZone}`;
  const groups: TDueReport[][] = [];
  let group: TDueReport[] = [];
  let machines = 0;
  for (const report of [...due].sort((a, b) => key(a).localeCompare(key(b)) || a.index - b.index)) {
    const first = group[0];
    if (first && (key(first) !== key(report) || machines + report.serials.length > MACHINES_PER_READ)) {
      groups.push(group);
      group = [];
      machines = 0;
    }
    group.push(report);
    machines += report.serials.length;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * A machine's week as `user` may read it (docs/permissions.md, "A machine that changes hands"): left
 * out of the report of the week it came to the user's kitchen (its figures would mix the earlier
 * kitchen's days in), and without the comparison with the week before when that week was partly
 * the earlier kitchen's.
 */
export function weekShown(user: TReportUser, row: TMachineWeekRow, week: TWeekBounds): TMachineWeekRow | undefined {
  const floor = historyFloor(user, row);
  if (!floor || floor <= week.previousStart) return row;
  if (floor > week.start) return undefined;
  return { ...row, countersBeforePrevious: null, previousRinses: null };
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
    /**
     * The serial numbers each of the users sees, in their order: the rule of the device list and
     * the push channel, looked up for a batch's accounts together.
     */
    private readonly visibleSerials: (users: readonly Pick<TReportRecipient, 'id' | 'brand' | 'role'>[]) => Promise<string[][]>,
    private readonly options: TWeeklyReportOptions,
  ) {
    jobs.handleBatch(REPORT_WEEKLY, REPORT_BATCH, (list) => this.reportMany(list.map(({ payload }) => payload)));
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
    const listed = Object.keys(COUNTRY_TIME_ZONES);
    // A stored zone this runtime no longer knows (an ICU update, a hand edit) is left out: its
    // accounts follow their country rather than get no report.
    const stored = await this.repository.chosenZones();
    const chosen = stored.filter(isTimeZone);
    const unknown = stored.filter((zone) => !isTimeZone(zone));
    const zones = [...new Set([...Object.values(COUNTRY_TIME_ZONES), DEFAULT_TIME_ZONE, ...chosen])];
    const due = dueZones(now, zones, LOOK_BACK_HOURS);
    let queued = 0;
    for (const zone of due.keys()) {
      const countries = listed.filter((c) => COUNTRY_TIME_ZONES[c] === zone);
      const { week } = reportWeek(now, zone);
      const users = await this.repository.optedIn(week, {
        zone,
        countries,
        unknown,
        ...(zone === DEFAULT_TIME_ZONE ? { listed } : {}),
      });
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
   * `report.weekly` jobs: each account's report of the week starting on its `week` (a local Monday).
   * Reads outside a transaction (the visibility rule goes through its cache), renders on the
   * renderer's thread, then stores the mails and records the weeks in one transaction per group:
   * run twice, the second run finds the weeks recorded and writes nothing. Answers each job's outcome.
   */
  async reportMany(requests: readonly TReportRequest[]): Promise<(Error | undefined)[]> {
    const outcomes: (Error | undefined)[] = requests.map(() => undefined);
    const users = new Map((await this.repository.reportUsers(requests)).map((user) => [`${user.id}/${user.week}`, user]));
    const wanted = requests.flatMap((request, index) => {
      const user = users.get(`${request.userId}/${request.week}`);
      return user?.wanted && !user.written ? [{ index, request, user }] : [];
    });
    // The accounts' machines in two statements for the batch: one lookup per account made most
    // of a batch's statements (docs/benchmarks.md, "Weekly reports").
    let seen: string[][];
    try {
      seen = await this.visibleSerials(wanted.map(({ user }) => user));
    } catch (error) {
      for (const { index } of wanted) outcomes[index] = asError(error);
      return outcomes;
    }
    const due: TDueReport[] = wanted.map((report, i) => ({ ...report, serials: seen[i] ?? [] }));
    // One group after the other: two at a time wrote 10,000 reports about a tenth sooner, but made
    // other requests wait half as long again (docs/benchmarks.md, "Weekly reports").
    for (const group of readGroups(due)) {
      try {
        await this.writeGroup(group, outcomes);
      } catch (error) {
        for (const { index } of group) outcomes[index] ??= asError(error);
      }
    }
    return outcomes;
  }

  /** Reads, renders and stores the reports of one group (one week and zone); a render that fails fails its job alone. */
  private async writeGroup(group: readonly TDueReport[], outcomes: (Error | undefined)[]): Promise<void> {
    const { week, timeZone } = group[0]?.request ?? { week: '', timeZone: '' };
    const [y, m, d] = week.split('-').map(Number);
    // Any instant of the following week gives back the reported week and the one before it.
    const bounds = reportWeek(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 10)), timeZone);
    const serials = [...new Set(group.flatMap((report) => report.serials))];
    // The machines' rows, and their cycles as one text each: made into rows and judged on the
    // renderer's threads, not here (docs/benchmarks.md, "Weekly reports").
    const [rows, cycles] = await Promise.all([
      this.repository.machines(this.db, serials, bounds),
      this.repository.cycles(this.db, serials, bounds),
    ]);
    const texts = new Map(cycles.map((machine) => [machine.serialNumber, machine.cycles]));
    // One account at a time, a turn of the event loop each: a batch's reports in one turn kept
    // other requests waiting (docs/benchmarks.md, "Weekly reports"). The renderer's threads work
    // through the reports meanwhile.
    const rendering: Promise<{ user: TReportUser; mail: TRenderedMail | undefined } | undefined>[] = [];
    for (const { index, user, serials: seen } of group) {
      const visible = new Set(seen);
      const mine = rows.flatMap((row) => {
        if (!visible.has(row.serialNumber)) return [];
        const shown = weekShown(user, row, bounds);
        return shown ? [{ row: shown, cycles: texts.get(row.serialNumber) ?? '[]' }] : [];
      });
      // Someone who sees no machine gets no report; the week is noted as done all the same, so the
      // hourly scheduler does not queue it again for the rest of the morning.
      if (mine.length === 0) {
        rendering.push(Promise.resolve({ user, mail: undefined }));
        continue;
      }
      const unsubscribeUrl = await this.unsubscribe.link(user.id, 'weeklyReport');
      const report = {
        brand: user.brand,
        lang: user.language,
        timeZone,
        firstName: user.firstName,
        start: bounds.start,
        end: bounds.end,
        machines: mine,
        links: this.options.links,
        unsubscribeUrl,
        preferenceLabel: translate(user.language, 'profile.weeklyReport'),
        week,
      };
      rendering.push(
        this.renderer.render(report).then(
          (mail) => ({ user, mail }),
          (error: unknown) => {
            outcomes[index] = asError(error);
            return undefined;
          },
        ),
      );
      await nextTurn();
    }
    const rendered = await Promise.all(rendering);
    const ready = rendered.filter((report) => report !== undefined);
    await this.db.transaction(async (tx) => {
      const claimed = new Set(
        (
          await this.repository.claimWeeks(
            tx,
            ready.map(({ user }) => ({ userId: user.id, week })),
          )
        ).map(({ userId }) => userId),
      );
      await this.mailer.enqueueMany(
        ready.flatMap(({ user, mail }) => (mail && claimed.has(user.id) ? [{ brand: user.brand, to: user.email, mail }] : [])),
        tx,
      );
    });
  }
}
