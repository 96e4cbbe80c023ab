import { and, asc, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { alarms, haccpChain, haccpCorrections, haccpEvents, haccpOtherVersions } from '../db/schema/index';
import { selectAlarmViews } from '../alarm/alarm.repository';

/** The alarms of a machine that were active at any moment of [from, to]. */
function alarmsActiveDuring(serialNumber: string, from: Date, to: Date): SQL[] {
  return [
    eq(alarms.serialNumber, serialNumber),
    lte(alarms.startDate, to),
    sql`(${alarms.stopDate} IS NULL OR ${alarms.stopDate} >= ${from.toISOString()})`,
  ];
}

/** An event's entry in its machine's hash chain, kept in its own row (null for a record older than the chain). */
const chainColumns = {
  chainSeq: haccpEvents.chainSeq,
  chainHash: haccpEvents.chainHash,
  chainLate: haccpEvents.chainLate,
  chainCarrier: haccpEvents.carrierName,
};

/** SQL of the HACCP records of a machine: its HACCP events and its alarms, for the lists and the reports. */
export class HaccpRepository {
  constructor(private readonly db: TDb) {}

  async events(serialNumber: string, from: Date, to: Date) {
    return this.db
      .select({ ...getTableColumns(haccpEvents), ...chainColumns })
      .from(haccpEvents)
      .where(and(eq(haccpEvents.serialNumber, serialNumber), gte(haccpEvents.start, from), lte(haccpEvents.start, to)))
      .orderBy(desc(haccpEvents.start))
      .limit(5000);
  }

  async event(serialNumber: string, id: string) {
    const rows = await this.db
      .select({ ...getTableColumns(haccpEvents), ...chainColumns })
      .from(haccpEvents)
      .where(and(eq(haccpEvents.serialNumber, serialNumber), eq(haccpEvents.id, id)));
    return rows[0];
  }

  /** The corrections of these records of the machine (events or alarms: `kind`), oldest first. */
  async corrections(serialNumber: string, kind: 'event' | 'alarm', ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        id: haccpCorrections.id,
        correctsId: haccpCorrections.correctsId,
        note: haccpCorrections.note,
        authorName: haccpCorrections.authorName,
        createdAt: haccpCorrections.createdAt,
      })
      .from(haccpCorrections)
      .where(
        and(
          eq(haccpCorrections.serialNumber, serialNumber),
          eq(haccpCorrections.correctsKind, kind),
          inArray(haccpCorrections.correctsId, [...ids]),
        ),
      )
      .orderBy(asc(haccpCorrections.createdAt), asc(haccpCorrections.id));
  }

  /**
   * The other versions kept aside of these records of the machine (events or alarms: `kind`; docs/device-protocol.md),
   * oldest first.
   */
  async otherVersions(serialNumber: string, kind: 'event' | 'alarm', ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({
        recordId: haccpOtherVersions.recordId,
        carrierName: haccpOtherVersions.carrierName,
        receivedAt: haccpOtherVersions.receivedAt,
      })
      .from(haccpOtherVersions)
      .where(
        and(
          eq(haccpOtherVersions.serialNumber, serialNumber),
          eq(haccpOtherVersions.recordKind, kind),
          inArray(haccpOtherVersions.recordId, [...ids]),
        ),
      )
      .orderBy(asc(haccpOtherVersions.receivedAt), asc(haccpOtherVersions.id));
  }

  /** Alarms that were active at any moment of [from, to]. */
  async alarms(serialNumber: string, from: Date, to: Date) {
    return selectAlarmViews(this.db)
      .where(and(...alarmsActiveDuring(serialNumber, from, to)))
      .orderBy(desc(alarms.startDate))
      .limit(5000);
  }

  /**
   * One page of the HACCP events of a report, oldest first, only the columns the report prints:
   * up to `limit` rows after `after` (the last row of the previous page).
   */
  async eventsForReport(serialNumber: string, from: Date, to: Date, limit: number, after?: { start: Date; id: string }) {
    return this.db
      .select({
        id: haccpEvents.id,
        kind: haccpEvents.kind,
        cycleName: haccpEvents.cycleName,
        start: haccpEvents.start,
        stop: haccpEvents.stop,
        completed: haccpEvents.completed,
        measurements: haccpEvents.measurements,
        heatDose: haccpEvents.heatDose,
        parameterName: haccpEvents.parameterName,
        oldValue: haccpEvents.oldValue,
        newValue: haccpEvents.newValue,
        ...chainColumns,
      })
      .from(haccpEvents)
      .where(
        and(
          eq(haccpEvents.serialNumber, serialNumber),
          gte(haccpEvents.start, from),
          lte(haccpEvents.start, to),
          after ? sql`(${haccpEvents.start}, ${haccpEvents.id}) > (${after.start.toISOString()}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(haccpEvents.start), asc(haccpEvents.id))
      .limit(limit);
  }

  /** The chain entries of these alarms of the machine: each one's opening and, once it ended, its closing. */
  async alarmEntries(serialNumber: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select({ recordId: haccpChain.recordId, kind: haccpChain.kind, seq: haccpChain.seq, hash: haccpChain.hash })
      .from(haccpChain)
      .where(
        and(
          eq(haccpChain.serialNumber, serialNumber),
          inArray(haccpChain.recordId, [...ids]),
          inArray(haccpChain.kind, ['alarm', 'alarmClose']),
        ),
      );
  }

  /** One page of the alarms of a report (active at any moment of [from, to]), oldest first, after `after`. */
  async alarmsForReport(serialNumber: string, from: Date, to: Date, limit: number, after?: { start: Date; id: string }) {
    return selectAlarmViews(this.db)
      .where(
        and(
          ...alarmsActiveDuring(serialNumber, from, to),
          after ? sql`(${alarms.startDate}, ${alarms.id}) > (${after.start.toISOString()}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(alarms.startDate), asc(alarms.id))
      .limit(limit);
  }
}
