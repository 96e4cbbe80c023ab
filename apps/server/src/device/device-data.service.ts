import {
  BRANDS,
  hygieneRuleFor,
  hygieneVerdict,
  ZDateRangeQuery,
  type THaccpExportQuery,
  type THygieneRule,
  type TLanguage,
  checkParameterValue,
  isNewerVersion,
  type TDeviceStats,
  parameterByKey,
  type TAlarmView,
  type TCommandName,
  type TCommandArgsInput,
  type TCommandCall,
  COMMANDS,
  canEditFactoryParameters,
  type THaccpEventView,
  type TLastTelemetry,
  type TVersions,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { ApplianceService } from '../appliance/appliance.service';
import type { ApplianceRepository } from '../appliance/appliance.repository';
import type { haccpEvents } from '../db/schema/index';
import { renderAlarmsReport, renderEventsReport, type THaccpReportContext } from './haccp-report';

type THaccpEventRow = typeof haccpEvents.$inferSelect;
import type { CommandService } from './command.service';
import type { ApplianceDetailsRepository } from '../appliance/appliance-details.repository';

/** A date of a range query: a bare day covers the whole day (UTC). */
function boundary(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

/** The longest period a report covers, and the most rows it prints. */
const REPORT_MAX_DAYS = 366;
const REPORT_MAX_ROWS = 100_000;

/** The period of a report: both dates valid, start not after stop, at most a year (else INVALID_DATE_RANGE). */
function reportPeriod(query: THaccpExportQuery): { from: Date; to: Date } {
  const parsed = ZDateRangeQuery.safeParse({ startDate: query.startDate, stopDate: query.stopDate });
  if (!parsed.success) throw new AppError('INVALID_DATE_RANGE');
  const from = boundary(parsed.data.startDate, false);
  const to = boundary(parsed.data.stopDate, true);
  if (to.getTime() - from.getTime() > (REPORT_MAX_DAYS + 1) * 86_400_000) throw new AppError('INVALID_DATE_RANGE');
  return { from, to };
}

/** An IANA time zone Intl knows, else UTC. */
function timeZoneOrUtc(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** Rows fetched per query of a report: small pages keep each (synchronous, on PGlite) query short. */
const REPORT_PAGE_ROWS = 500;

/** Every row of a report, page by page (keyset on start and id), up to REPORT_MAX_ROWS. */
async function allPages<T extends { id: string }>(
  page: (after: { start: Date; id: string } | undefined) => Promise<T[]>,
  startOf: (row: T) => Date,
): Promise<T[]> {
  const rows: T[] = [];
  let after: { start: Date; id: string } | undefined;
  for (;;) {
    const chunk = await page(after);
    rows.push(...chunk);
    const last = chunk[chunk.length - 1];
    if (!last || chunk.length < REPORT_PAGE_ROWS || rows.length >= REPORT_MAX_ROWS) return rows.slice(0, REPORT_MAX_ROWS);
    after = { start: startOf(last), id: last.id };
    // PGlite answers through promises only, without real I/O: without this the pages would run back
    // to back as one long task and no other request would be served meanwhile.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** A PDF report and the name it is downloaded under. */
export type THaccpReportFile = { fileName: string; pdf: Buffer };

function toEventView(e: THaccpEventRow, rule: THygieneRule): THaccpEventView {
  const hygiene = hygieneVerdict(e, rule);
  return {
    id: e.id,
    kind: e.kind,
    cycleName: e.cycleName,
    cycleNumber: e.cycleNumber,
    start: e.start.toISOString(),
    stop: e.stop.toISOString(),
    completed: e.completed,
    measurements: e.measurements,
    parameterName: e.parameterName,
    oldValue: e.oldValue ?? null,
    newValue: e.newValue ?? null,
    washTmp: hygiene.washTmp,
    rinseTmp: hygiene.rinseTmp,
    verdict: hygiene.verdict,
    failures: [...hygiene.failures],
  };
}

type TCheckContext = { user: TAuthUser } & Awaited<ReturnType<ApplianceService['visible']>>;
type TCheck<K extends TCommandName> = (context: TCheckContext, args: TCommandArgsInput<K>) => void;

/** What the server checks before sending some commands, where it knows better than the machine. */
const CHECKS: { [K in TCommandName]?: TCheck<K> } = {
  /**
   * Every value within the catalogue's bounds for the machine's range, and factory parameters only
   * for SERVICE_MANAGER and ADMIN, before anything is sent.
   */
  'params-set': ({ user, appliance }, { values }) => {
    const refused = Object.entries(values).filter(([key, value]) => checkParameterValue(key, value, appliance.gamma) !== 'ok');
    if (refused.length > 0) throw new AppError('VALUE_OUT_OF_RANGE', { fields: refused.map(([k]) => k).join(', ') });
    const factory = Object.keys(values).some((key) => parameterByKey(key)?.kind === 'factory');
    if (factory && !canEditFactoryParameters(user)) throw new AppError('FORBIDDEN');
  },
  /** Only a version newer than the installed FW00 (FIRMWARE_UP_TO_DATE); progress comes back on `fota`. */
  'fota-start': ({ appliance, state }, { version }) => {
    const installed = state.versions?.fw00 ?? appliance.fw00;
    if (!isNewerVersion(version, installed)) throw new AppError('FIRMWARE_UP_TO_DATE');
  },
};

/** The event-hub calls: data of one machine and the commands to it, each after the visibility check. */
export class DeviceDataService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly repository: ApplianceRepository,
    private readonly commands: CommandService,
    private readonly details: ApplianceDetailsRepository,
  ) {}

  lastTelemetry(user: TAuthUser, serial: string): Promise<TLastTelemetry> {
    return this.appliances.lastTelemetry(user, serial);
  }

  /** lastTelemetry already serialised (see ApplianceService.lastTelemetryJson). */
  lastTelemetryJson(user: TAuthUser, serial: string): Promise<Buffer> {
    return this.appliances.lastTelemetryJson(user, serial);
  }

  async versions(user: TAuthUser, serial: string): Promise<TVersions | null> {
    return (await this.appliances.visible(user, serial)).state.versions;
  }

  async parameters(user: TAuthUser, serial: string, keys?: string) {
    const { state } = await this.appliances.visible(user, serial);
    const all = state.parameters ?? {};
    const wanted = keys
      ?.split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    const values = wanted ? Object.fromEntries(wanted.filter((k) => k in all).map((k) => [k, all[k] ?? 0])) : all;
    return { values, reportedAt: state.parametersAt ? state.parametersAt.toISOString() : null };
  }

  async events(user: TAuthUser, serial: string, from: string, to: string): Promise<THaccpEventView[]> {
    const { appliance } = await this.appliances.visible(user, serial);
    const rule = hygieneRuleFor(appliance.type);
    const rows = await this.repository.events(serial, boundary(from, false), boundary(to, true));
    return rows.map((e) => toEventView(e, rule));
  }

  async event(user: TAuthUser, serial: string, id: string): Promise<THaccpEventView> {
    const { appliance } = await this.appliances.visible(user, serial);
    const e = await this.repository.event(serial, id);
    if (!e) throw new AppError('NOT_FOUND');
    return toEventView(e, hygieneRuleFor(appliance.type));
  }

  /**
   * What both reports print besides their rows: the machine, the period, the caller's language, the
   * unit system asked for (else the machine's own, S47) and the time zone of the times.
   */
  private async reportContext(user: TAuthUser, serial: string, query: THaccpExportQuery, lang: TLanguage) {
    const period = reportPeriod(query);
    const { appliance, state } = await this.appliances.visible(user, serial);
    const context: THaccpReportContext = {
      lang,
      brand: appliance.brand,
      unitSystem: query.unitSystem ?? (state.parameters?.S47 === 1 ? 'imperial' : 'metric'),
      timeZone: timeZoneOrUtc(query.timeZone),
      machine: {
        name: appliance.applianceName ?? appliance.serialNumber,
        serialNumber: appliance.serialNumber,
        modelNumber: appliance.modelNumber,
        rangeName: BRANDS[appliance.brand].rangeNames[appliance.gamma],
        type: appliance.type,
      },
      ...period,
      createdAt: new Date(),
      rule: hygieneRuleFor(appliance.type),
    };
    const days = `${period.from.toISOString().slice(0, 10)}_${period.to.toISOString().slice(0, 10)}`;
    return { context, days };
  }

  /** The HACCP events report (PDF) of the period, with the hygiene verdict of every cycle. */
  async eventsReport(user: TAuthUser, serial: string, query: THaccpExportQuery, lang: TLanguage): Promise<THaccpReportFile> {
    const { context, days } = await this.reportContext(user, serial, query, lang);
    const rows = await allPages(
      (after) => this.repository.eventsForReport(serial, context.from, context.to, REPORT_PAGE_ROWS, after),
      (e) => e.start,
    );
    return { fileName: `haccp-events_${serial}_${days}.pdf`, pdf: await renderEventsReport(context, rows) };
  }

  /** The HACCP alarms report (PDF) of the period, with the severity of every alarm. */
  async alarmsReport(user: TAuthUser, serial: string, query: THaccpExportQuery, lang: TLanguage): Promise<THaccpReportFile> {
    const { context, days } = await this.reportContext(user, serial, query, lang);
    const rows = await allPages(
      (after) => this.repository.alarmsForReport(serial, context.from, context.to, REPORT_PAGE_ROWS, after),
      (a) => a.startDate,
    );
    return { fileName: `haccp-alarms_${serial}_${days}.pdf`, pdf: await renderAlarmsReport(context, rows) };
  }

  async alarms(user: TAuthUser, serial: string, from: string, to: string): Promise<TAlarmView[]> {
    await this.appliances.visible(user, serial);
    const rows = await this.repository.alarms(serial, boundary(from, false), boundary(to, true));
    return rows.map((a) => ({
      id: a.id,
      errorCode: a.errorCode,
      startDate: a.startDate.toISOString(),
      stopDate: a.stopDate ? a.stopDate.toISOString() : null,
    }));
  }

  /** The lifetime counters as the machine reported them in the range, oldest first (the statistics charts). */
  async statistics(user: TAuthUser, serial: string, from: string, to: string): Promise<TDeviceStats[]> {
    await this.appliances.visible(user, serial);
    return this.details.stats(serial, boundary(from, false), boundary(to, true));
  }

  /**
   * Sends a command of the device registry to a machine the caller sees, if the registry lets the
   * caller's role send it and the command's own rules here (below) let it through; the machine
   * checks again and answers.
   */
  async command(user: TAuthUser, serial: string, call: TCommandCall): Promise<void> {
    const { appliance, state } = await this.appliances.visible(user, serial);
    if (!COMMANDS[call.name].roles.includes(user.role)) throw new AppError('FORBIDDEN');
    const check = CHECKS[call.name] as TCheck<TCommandName> | undefined;
    check?.({ user, appliance, state }, call.args as never);
    await this.commands.send(serial, state.online, user.id, call);
  }
}
