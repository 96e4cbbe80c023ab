import {
  alarmByCode,
  BRANDS,
  foodCodeClassFor,
  deviceCatalogues,
  hygieneRuleFor,
  sanitisingChecks,
  hygieneVerdict,
  type THaccpAlarmView,
  type TBrandCode,
  type THaccpEventView,
  type TOtherVersion,
  type TRecordCorrection,
  type THaccpExportQuery,
  type THygieneRule,
  type TFoodCodeClass,
  type TLanguage,
  type TGamma,
  type TInspectionExport,
  type TUnitSystem,
  machineUnitSystem,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { ApplianceService } from '../appliance/appliance.service';
import type { haccpEvents } from '../db/schema/index';
import { notBefore, rangeBoundary } from '../http/date-range';
import { csvRow } from '../http/csv';
import type { HaccpRepository } from './haccp.repository';
import { fromFloor, toAlarmView } from '../alarm/alarm.repository';
import { periodSince, reportPeriod } from './report-period';
import { renderAlarmsReport, renderEventsReport, type THaccpReportContext } from './haccp-report';
import { machineLink, type TLinkBase } from '../http/app-link';
import { correctionsCell, deliveryCells, eventsCsv } from './haccp-csv';

type THaccpEventRow = typeof haccpEvents.$inferSelect & {
  chainSeq: number | null;
  chainHash: string | null;
  chainLate: boolean | null;
  chainCarrier: string | null;
};
type TCorrectionRow = { id: string; correctsId: string; note: string; authorName: string; createdAt: Date };

/** The most rows a report prints. */
const REPORT_MAX_ROWS = 100_000;

/** An IANA time zone Intl knows, else UTC. */
function timeZoneOrUtc(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** Rows fetched per query of a report: small pages keep each query short (PGlite runs one statement at a time). */
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
    // A turn of the event loop between pages, so that no report holds the server's thread for long.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The CSV alarms report's columns, in order (stable names: the file is read by programs too). */
const ALARMS_CSV_HEADER = [
  'error_code',
  'description',
  'start',
  'stop',
  'severity',
  'acknowledged_by',
  'acknowledged_at',
  'acknowledgement_note',
  'assigned_to',
  'corrections',
  'chain_seq',
  'chain_hash',
  'close_chain_seq',
  'close_chain_hash',
  'late',
  'carried_by',
  'other_versions',
];

/** The CSV alarms report and the name it is downloaded under. */
export type THaccpCsvFile = { fileName: string; csv: string };

/** A PDF report and the name it is downloaded under. */
export type THaccpReportFile = { fileName: string; pdf: Buffer };

function toEventView(
  e: THaccpEventRow,
  rule: THygieneRule,
  foodCode: TFoodCodeClass,
  corrections: TRecordCorrection[],
  otherVersions: TOtherVersion[],
): THaccpEventView {
  const hygiene = hygieneVerdict(e, rule);
  const judged = hygiene.verdict !== 'notApplicable';
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
    heatDose: e.heatDose ?? null,
    checks: judged ? sanitisingChecks({ ...hygiene, heatDose: e.heatDose ?? null }, foodCode) : [],
    chain:
      e.chainSeq !== null && e.chainHash !== null
        ? { seq: e.chainSeq, hash: e.chainHash, late: e.chainLate === true, carriedBy: e.chainCarrier }
        : null,
    corrections,
    otherVersions,
  };
}

/** `rows` grouped by the record each belongs to (`recordOf`), as `view` makes them, each record's in the order read. */
function groupedByRecord<R, V>(rows: readonly R[], recordOf: (row: R) => string, view: (row: R) => V): Map<string, V[]> {
  const grouped = new Map<string, V[]>();
  for (const row of rows) {
    const list = grouped.get(recordOf(row));
    if (list) list.push(view(row));
    else grouped.set(recordOf(row), [view(row)]);
  }
  return grouped;
}

/** Other versions by the record whose id they came under, each record's oldest first. */
function versionsByRecord(
  rows: readonly { recordId: string; carrierName: string | null; receivedAt: Date }[],
  since: Date | null = null,
): Map<string, TOtherVersion[]> {
  return groupedByRecord(
    since ? rows.filter((v) => v.receivedAt >= since) : rows,
    (v) => v.recordId,
    (v) => ({ carriedBy: v.carrierName, receivedAt: v.receivedAt.toISOString() }),
  );
}

/** Corrections by the record they point at, each record's in the order read (oldest first). */
function byRecord(corrections: readonly TCorrectionRow[], since: Date | null = null): Map<string, TRecordCorrection[]> {
  return groupedByRecord(
    since ? corrections.filter((c) => c.createdAt >= since) : corrections,
    (c) => c.correctsId,
    (c) => ({ id: c.id, note: c.note, authorName: c.authorName, createdAt: c.createdAt.toISOString() }),
  );
}

/** The dashboard's verification page of a machine's HACCP record over a period (UTC days), in the machine's brand. */
export function verificationUrl(
  links: TLinkBase,
  machine: { serialNumber: string; brand: TBrandCode },
  from: Date,
  to: Date,
): string {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return machineLink(
    links,
    machine.brand,
    machine.serialNumber,
    `/haccp/verification?startDate=${day(from)}&stopDate=${day(to)}`,
  );
}

/** A machine as the reports print it, read by a caller that checked access already. */
export type TReportMachine = {
  serialNumber: string;
  brand: TBrandCode;
  applianceName: string | null;
  modelNumber: string;
  gamma: TGamma;
  type: string;
  /** Its last parameters: S47 sets its unit system. */
  parameters: Record<string, number> | null;
};

/**
 * A report's context and the days its file name carries, and from when its reader reads the
 * machine's history (`since`: docs/permissions.md, "A machine that changes hands").
 */
type TReport = { context: THaccpReportContext; days: string; since?: Date | null };

/**
 * What a report prints besides its rows: the machine, the period, the language, the unit system
 * asked for (else the machine's own, S47), the time zone of the times (UTC unless a known one is
 * asked for) and where its QR code leads.
 */
function contextOf(
  machine: TReportMachine,
  period: { from: Date; to: Date },
  options: { lang: TLanguage; unitSystem: TUnitSystem | undefined; timeZone: string | undefined; verificationUrl: string },
): TReport {
  const context: THaccpReportContext = {
    lang: options.lang,
    brand: machine.brand,
    unitSystem: options.unitSystem ?? machineUnitSystem(machine.parameters),
    timeZone: timeZoneOrUtc(options.timeZone),
    machine: {
      name: machine.applianceName ?? machine.serialNumber,
      serialNumber: machine.serialNumber,
      modelNumber: machine.modelNumber,
      rangeName: BRANDS[machine.brand].rangeNames[machine.gamma],
      gamma: machine.gamma,
      type: machine.type,
    },
    ...period,
    createdAt: new Date(),
    rule: hygieneRuleFor(machine.type),
    foodCodeClass: foodCodeClassFor(machine.type),
    verificationUrl: options.verificationUrl,
  };
  const days = `${period.from.toISOString().slice(0, 10)}_${period.to.toISOString().slice(0, 10)}`;
  return { context, days };
}

/** The HACCP records of one machine (events, alarms) and their PDF reports, each after the visibility check. */
export class HaccpService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly repository: HaccpRepository,
    /** The dashboard's address and brands: the reports' QR codes lead to its verification page, in the machine's brand. */
    private readonly links: TLinkBase,
  ) {}

  /** The HACCP events that started in the range, newest first, with the hygiene verdict of every cycle. */
  async events(user: TAuthUser, serial: string, from: string, to: string): Promise<THaccpEventView[]> {
    const { appliance, since } = await this.appliances.visibleHistory(user, serial);
    return this.eventsOf(appliance, notBefore(rangeBoundary(from, false), since), rangeBoundary(to, true));
  }

  /**
   * The HACCP events of a machine that started in [from, to], newest first, judged by the rules of its
   * type. For callers that checked access already (the inspector link).
   */
  async eventsOf(appliance: { serialNumber: string; type: string }, from: Date, to: Date): Promise<THaccpEventView[]> {
    const serial = appliance.serialNumber;
    const rule = hygieneRuleFor(appliance.type);
    const rows = await this.repository.events(serial, from, to);
    const foodCode = foodCodeClassFor(appliance.type);
    const corrections = byRecord(
      await this.repository.corrections(
        serial,
        'event',
        rows.map((e) => e.id),
      ),
    );
    const versions = versionsByRecord(
      await this.repository.otherVersions(
        serial,
        'event',
        rows.map((e) => e.id),
      ),
    );
    return rows.map((e) => toEventView(e, rule, foodCode, corrections.get(e.id) ?? [], versions.get(e.id) ?? []));
  }

  /** One HACCP event of the machine (NOT_FOUND when it has no such event, or none the caller reads: before `since`). */
  async event(user: TAuthUser, serial: string, id: string): Promise<THaccpEventView> {
    const { appliance, since } = await this.appliances.visibleHistory(user, serial);
    const e = await this.repository.event(serial, id);
    if (!e || (since && e.start < since)) throw new AppError('NOT_FOUND');
    return toEventView(
      e,
      hygieneRuleFor(appliance.type),
      foodCodeClassFor(appliance.type),
      byRecord(await this.repository.corrections(serial, 'event', [id])).get(id) ?? [],
      versionsByRecord(await this.repository.otherVersions(serial, 'event', [id])).get(id) ?? [],
    );
  }

  /**
   * What both reports print besides their rows, for a caller who sees the machine: the period asked
   * for, the caller's language, the unit system asked for (else the machine's own, S47) and the time
   * zone of the times; the QR code leads to the dashboard's verification page.
   */
  private async reportContext(user: TAuthUser, serial: string, query: THaccpExportQuery, lang: TLanguage) {
    const asked = reportPeriod(query);
    const { appliance, state, since } = await this.appliances.visibleHistory(user, serial);
    // The days the caller reads: from when the machine came to its kitchen (docs/permissions.md).
    const period = periodSince(asked, since);
    const report = contextOf({ ...appliance, parameters: state.parameters }, period, {
      lang,
      unitSystem: query.unitSystem,
      timeZone: query.timeZone,
      verificationUrl: verificationUrl(this.links, appliance, period.from, period.to),
    });
    return { ...report, since };
  }

  /** The HACCP events report (PDF) of the period, with the hygiene verdict of every cycle. */
  async eventsReport(user: TAuthUser, serial: string, query: THaccpExportQuery, lang: TLanguage): Promise<THaccpReportFile> {
    return this.eventsPdfOf(await this.reportContext(user, serial, query, lang));
  }

  /** The HACCP events of the period as CSV, with their verdicts, heat doses and chain hashes (haccp-csv.ts). */
  async eventsCsv(user: TAuthUser, serial: string, query: THaccpExportQuery, lang: TLanguage): Promise<THaccpCsvFile> {
    return this.eventsCsvOf(await this.reportContext(user, serial, query, lang));
  }

  /** The HACCP alarms report (PDF) of the period, with the severity of every alarm. */
  async alarmsReport(user: TAuthUser, serial: string, query: THaccpExportQuery, lang: TLanguage): Promise<THaccpReportFile> {
    return this.alarmsPdfOf(await this.reportContext(user, serial, query, lang));
  }

  /** The HACCP alarms report as CSV (`alarmsCsvOf`), for a caller who sees the machine. */
  async alarmsCsv(user: TAuthUser, serial: string, query: THaccpExportQuery, lang: TLanguage): Promise<THaccpCsvFile> {
    return this.alarmsCsvOf(await this.reportContext(user, serial, query, lang), true);
  }

  /**
   * One file of what an inspector link shares (docs/hygiene.md, "Inspector links"), for a caller that
   * checked the link: its machine and period, in the machine's units, in `lang` and `timeZone`. The
   * same document the owner side would hand over: its QR code leads to the dashboard's verification
   * page, never to the link (a filed copy must not be a key to the record); the alarms CSV leaves out
   * whom an alarm is assigned to, as the link's page does.
   */
  async inspectionExport(
    machine: TReportMachine,
    link: { startDate: string; stopDate: string; recordsFrom: Date | null },
    file: TInspectionExport,
    options: { lang: TLanguage; timeZone: string | undefined },
  ): Promise<{ pdf: THaccpReportFile } | { csv: THaccpCsvFile }> {
    const period = periodSince(reportPeriod(link), link.recordsFrom);
    const report = {
      ...contextOf(machine, period, {
        ...options,
        unitSystem: undefined,
        verificationUrl: verificationUrl(this.links, machine, period.from, period.to),
      }),
      since: link.recordsFrom,
    };
    switch (file) {
      case 'events-pdf':
        return { pdf: await this.eventsPdfOf(report) };
      case 'alarms-pdf':
        return { pdf: await this.alarmsPdfOf(report) };
      case 'events-csv':
        return { csv: await this.eventsCsvOf(report) };
      case 'alarms-csv':
        return { csv: await this.alarmsCsvOf(report, false) };
    }
  }

  private async eventsPdfOf({ context, days }: TReport): Promise<THaccpReportFile> {
    const serial = context.machine.serialNumber;
    const rows = await this.reportEvents(serial, context);
    return { fileName: `haccp-events_${serial}_${days}.pdf`, pdf: await renderEventsReport(context, rows) };
  }

  private async eventsCsvOf({ context, days }: TReport): Promise<THaccpCsvFile> {
    const serial = context.machine.serialNumber;
    const rows = await this.reportEvents(serial, context);
    return { fileName: `haccp-events_${serial}_${days}.csv`, csv: eventsCsv(context, rows) };
  }

  private async alarmsPdfOf({ context, days, since }: TReport): Promise<THaccpReportFile> {
    const serial = context.machine.serialNumber;
    const rows = await this.reportAlarms(serial, context, since);
    return { fileName: `haccp-alarms_${serial}_${days}.pdf`, pdf: await renderAlarmsReport(context, rows) };
  }

  /**
   * The HACCP alarms report as CSV (stable column names, times in ISO 8601 UTC, the description in
   * the report's language): every alarm of the period with its severity and lifecycle — who
   * acknowledged it, when, the note, and (`withAssignee`) whom it is assigned to — the places and
   * hashes of its opening and closing in the machine's chain, and how it came.
   */
  private async alarmsCsvOf({ context, days, since }: TReport, withAssignee: boolean): Promise<THaccpCsvFile> {
    const serial = context.machine.serialNumber;
    const lang = context.lang;
    const rows = await this.reportAlarms(serial, context, since);
    const texts = deviceCatalogues[lang] as unknown as { alarms: Record<string, string | undefined> };
    // Each alarm's opening and closing entries in the machine's chain, to hold a copy against the verification.
    const entries = new Map<string, { seq: number; hash: string }>();
    for (let i = 0; i < rows.length; i += REPORT_PAGE_ROWS) {
      const ids = rows.slice(i, i + REPORT_PAGE_ROWS).map((a) => a.id);
      for (const e of await this.repository.alarmEntries(serial, ids)) entries.set(`${e.kind}:${e.recordId}`, e);
    }
    const lines = rows.map((a) => {
      const opened = entries.get(`alarm:${a.id}`);
      const closed = entries.get(`alarmClose:${a.id}`);
      return csvRow([
        a.errorCode,
        texts.alarms[a.errorCode] ?? a.errorCode,
        a.startDate.toISOString(),
        a.stopDate?.toISOString(),
        alarmByCode(a.errorCode)?.severity,
        a.acknowledgedByName,
        a.acknowledgedAt?.toISOString(),
        a.acknowledgementNote,
        withAssignee ? a.assignedToName : undefined,
        correctionsCell(a.corrections),
        opened?.seq,
        opened?.hash,
        closed?.seq,
        closed?.hash,
        ...deliveryCells(a),
      ]);
    });
    // A byte-order mark: spreadsheet programs then read the file as UTF-8.
    const csv = `\uFEFF${csvRow(ALARMS_CSV_HEADER)}${lines.join('')}`;
    return { fileName: `haccp-alarms_${serial}_${days}.csv`, csv };
  }

  /** The exports' events of the period, read page by page, each with its corrections and other versions. */
  private async reportEvents(serial: string, period: { from: Date; to: Date }) {
    const rows = await allPages(
      (after) => this.repository.eventsForReport(serial, period.from, period.to, REPORT_PAGE_ROWS, after),
      (e) => e.start,
    );
    return this.withAnnotations(serial, 'event', rows);
  }

  /** The exports' alarms of the period, read page by page, each with its corrections and other versions. */
  private async reportAlarms(serial: string, period: { from: Date; to: Date }, since: Date | null | undefined) {
    const rows = await allPages(
      (after) => this.repository.alarmsForReport(serial, period.from, period.to, REPORT_PAGE_ROWS, after),
      (a) => a.startDate,
    );
    return this.withAnnotations(
      serial,
      'alarm',
      rows.map((a) => fromFloor(a, since)),
      since ?? null,
    );
  }

  /**
   * The exports' records, each with the corrections pointing at it and the other versions received
   * under its id (read a page of records at a time).
   */
  private async withAnnotations<T extends { id: string }>(
    serial: string,
    kind: 'event' | 'alarm',
    rows: T[],
    since: Date | null = null,
  ): Promise<(T & { corrections: TRecordCorrection[]; otherVersions: TOtherVersion[] })[]> {
    const annotated: (T & { corrections: TRecordCorrection[]; otherVersions: TOtherVersion[] })[] = [];
    // A page at a time, between the page's queries: a year's rows made at once held the server's thread.
    for (let i = 0; i < rows.length; i += REPORT_PAGE_ROWS) {
      const page = rows.slice(i, i + REPORT_PAGE_ROWS);
      const ids = page.map((r) => r.id);
      const correctionsOf = byRecord(await this.repository.corrections(serial, kind, ids), since);
      const versionsOf = versionsByRecord(await this.repository.otherVersions(serial, kind, ids), since);
      for (const r of page) {
        annotated.push({ ...r, corrections: correctionsOf.get(r.id) ?? [], otherVersions: versionsOf.get(r.id) ?? [] });
      }
    }
    return annotated;
  }

  /** The alarms active at any moment of the range, newest first. */
  async alarms(user: TAuthUser, serial: string, from: string, to: string): Promise<THaccpAlarmView[]> {
    const { since } = await this.appliances.visibleHistory(user, serial);
    return this.alarmsOf(serial, notBefore(rangeBoundary(from, false), since), rangeBoundary(to, true), since);
  }

  /**
   * The machine's alarms active at any moment of [from, to], newest first, each with its corrections.
   * For callers that checked access already.
   */
  async alarmsOf(serial: string, from: Date, to: Date, since: Date | null = null): Promise<THaccpAlarmView[]> {
    const rows = (await this.repository.alarms(serial, from, to)).map((a) => fromFloor(a, since));
    const corrections = byRecord(
      await this.repository.corrections(
        serial,
        'alarm',
        rows.map((a) => a.id),
      ),
      since,
    );
    const versions = versionsByRecord(
      await this.repository.otherVersions(
        serial,
        'alarm',
        rows.map((a) => a.id),
      ),
      since,
    );
    return rows.map((a) => ({
      ...toAlarmView(a),
      corrections: corrections.get(a.id) ?? [],
      otherVersions: versions.get(a.id) ?? [],
    }));
  }
}
