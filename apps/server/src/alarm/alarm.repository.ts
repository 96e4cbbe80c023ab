import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAlarmView } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { TTransaction } from '../db/transaction';
import { alarms, haccpChain, users } from '../db/schema/index';

const acknowledger = alias(users, 'acknowledger');
const assignee = alias(users, 'assignee');

/**
 * The columns of an alarm as the register, the HACCP table and the report show it: the device's
 * fields and its lifecycle, with the names of who acknowledged it and whom it is assigned to, and
 * its opening's place in the HACCP hash chain (late, carried home by whom).
 * `selectAlarmViews` selects them.
 */
export const alarmViewColumns = {
  id: alarms.id,
  errorCode: alarms.errorCode,
  startDate: alarms.startDate,
  stopDate: alarms.stopDate,
  acknowledgedAt: alarms.acknowledgedAt,
  acknowledgementNote: alarms.acknowledgementNote,
  acknowledgedById: acknowledger.id,
  acknowledgedByName: sql<string | null>`${acknowledger.firstName} || ' ' || ${acknowledger.lastName}`,
  assignedAt: alarms.assignedAt,
  assignedToId: assignee.id,
  assignedToName: sql<string | null>`${assignee.firstName} || ' ' || ${assignee.lastName}`,
  chainSeq: haccpChain.seq,
  chainHash: haccpChain.hash,
  chainLate: haccpChain.late,
  chainCarrier: haccpChain.carrierName,
};

export type TAlarmViewRow = {
  id: string;
  errorCode: string;
  startDate: Date;
  stopDate: Date | null;
  acknowledgedAt: Date | null;
  acknowledgementNote: string | null;
  acknowledgedById: string | null;
  acknowledgedByName: string | null;
  assignedAt: Date | null;
  assignedToId: string | null;
  assignedToName: string | null;
  chainSeq: number | null;
  chainHash: string | null;
  chainLate: boolean | null;
  chainCarrier: string | null;
};

/** `select alarmViewColumns from alarms` with the accounts they name; add the conditions and the order. */
export function selectAlarmViews(db: TDb) {
  return db
    .select(alarmViewColumns)
    .from(alarms)
    .leftJoin(acknowledger, eq(acknowledger.id, alarms.acknowledgedBy))
    .leftJoin(assignee, eq(assignee.id, alarms.assignedTo))
    .leftJoin(
      haccpChain,
      and(eq(haccpChain.serialNumber, alarms.serialNumber), eq(haccpChain.recordId, alarms.id), eq(haccpChain.kind, 'alarm')),
    )
    .$dynamic();
}

/** An alarm row as the API answers it. A deleted account leaves the time with no person (null). */
export function toAlarmView(row: TAlarmViewRow): TAlarmView {
  return {
    id: row.id,
    errorCode: row.errorCode,
    startDate: row.startDate.toISOString(),
    stopDate: row.stopDate ? row.stopDate.toISOString() : null,
    acknowledgement: row.acknowledgedAt
      ? {
          by: row.acknowledgedById && row.acknowledgedByName ? { id: row.acknowledgedById, name: row.acknowledgedByName } : null,
          at: row.acknowledgedAt.toISOString(),
          note: row.acknowledgementNote,
        }
      : null,
    assignment: row.assignedAt
      ? {
          to: row.assignedToId && row.assignedToName ? { id: row.assignedToId, name: row.assignedToName } : null,
          at: row.assignedAt.toISOString(),
        }
      : null,
    chain:
      row.chainSeq !== null && row.chainHash !== null
        ? { seq: row.chainSeq, hash: row.chainHash, late: row.chainLate === true, carriedBy: row.chainCarrier }
        : null,
  };
}

/**
 * An alarm as a reader of the machine's history from `since` on sees it (docs/permissions.md, "A
 * machine that changes hands"): one still open when the machine came to the reader's kitchen keeps
 * its state — acknowledged, assigned, and when — but not the earlier kitchen's people and words: who
 * acknowledged it, the note, whom it was assigned to.
 */
export function fromFloor<R extends TAlarmViewRow>(row: R, since: Date | null | undefined): R {
  if (!since) return row;
  const acknowledged = row.acknowledgedAt !== null && row.acknowledgedAt < since;
  const assigned = row.assignedAt !== null && row.assignedAt < since;
  if (!acknowledged && !assigned) return row;
  return {
    ...row,
    ...(acknowledged ? { acknowledgementNote: null, acknowledgedById: null, acknowledgedByName: null } : {}),
    ...(assigned ? { assignedToId: null, assignedToName: null } : {}),
  };
}

/** SQL of the alarm lifecycle: one alarm with its lifecycle, acknowledging and assigning it. */
export class AlarmRepository {
  constructor(private readonly db: TDb) {}

  /** The same repository inside the transaction `t`. */
  in(t: TTransaction): AlarmRepository {
    return new AlarmRepository(t.tx);
  }

  async find(serialNumber: string, id: string): Promise<TAlarmViewRow | undefined> {
    const rows = await selectAlarmViews(this.db).where(and(eq(alarms.serialNumber, serialNumber), eq(alarms.id, id)));
    return rows[0];
  }

  /** Acknowledges the alarm if it is still open and unacknowledged; answers whether it did. */
  async acknowledge(serialNumber: string, id: string, by: { userId: string; note: string | null; at: Date }): Promise<boolean> {
    const rows = await this.db
      .update(alarms)
      .set({ acknowledgedBy: by.userId, acknowledgedAt: by.at, acknowledgementNote: by.note })
      .where(
        and(eq(alarms.serialNumber, serialNumber), eq(alarms.id, id), isNull(alarms.stopDate), isNull(alarms.acknowledgedAt)),
      )
      .returning({ id: alarms.id });
    return rows.length > 0;
  }

  /**
   * Marks the reminder or escalation of the alarm as sent if it is still open, unacknowledged and
   * not yet reminded or escalated; answers whether it did (then the caller sends it, in the same
   * transaction).
   */
  async markFollowUp(stage: 'reminder' | 'escalation', serialNumber: string, id: string): Promise<boolean> {
    const column = stage === 'reminder' ? alarms.remindedAt : alarms.escalatedAt;
    const rows = await this.db
      .update(alarms)
      .set(stage === 'reminder' ? { remindedAt: new Date() } : { escalatedAt: new Date() })
      .where(
        and(
          eq(alarms.serialNumber, serialNumber),
          eq(alarms.id, id),
          isNull(alarms.stopDate),
          isNull(alarms.acknowledgedAt),
          isNull(column),
        ),
      )
      .returning({ id: alarms.id });
    return rows.length > 0;
  }

  /** Assigns the alarm to `userId` if it is still open; answers whether it did. */
  async assign(serialNumber: string, id: string, to: { userId: string; at: Date }): Promise<boolean> {
    const rows = await this.db
      .update(alarms)
      .set({ assignedTo: to.userId, assignedAt: to.at })
      .where(and(eq(alarms.serialNumber, serialNumber), eq(alarms.id, id), isNull(alarms.stopDate)))
      .returning({ id: alarms.id });
    return rows.length > 0;
  }
}
