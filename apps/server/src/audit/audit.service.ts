import type { TAuditAction, TAuditFilter, TAuditPage, TAuditRecord, TAuditTargetKind, TBrandCode } from '@washboard/contracts';
import type { TAuthUser } from '../auth/token.service';
import type { TTransaction } from '../db/transaction';
import { currentRequestId } from '../http/request-context';
import { csvRow } from '../http/csv';
import type { AuditRepository, TAuditRow, TNewAuditRecord } from './audit.repository';

/** Who acted: the signed-in caller (its e-mail is copied into the record). */
export type TAuditActor = Pick<TAuthUser, 'id' | 'email' | 'brand'>;

/**
 * What happened, as a caller of `AuditService.record` describes it:
 * - `action`: one of contracts' `AUDIT_ACTIONS`;
 * - `target`: what it was done to — an account (id, label its e-mail), a company (code, label its
 *   name) or a product (serial number, label the same);
 * - `account`: the e-mail of the account the action concerns besides the actor (the changed account,
 *   the one a machine was claimed for), so the screen's account filter finds it;
 * - `serialNumber`: the machine it concerns (the machine filter);
 * - `before` / `after`: the values the action changed, as the server knew them before and after
 *   (only the changed fields; null when there was nothing before, or nothing is left after).
 */
export type TAuditEntry = {
  action: TAuditAction;
  target: { kind: TAuditTargetKind; id: string; label: string };
  account?: string | null;
  serialNumber?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * How long records are kept: three years, a year more than the HACCP records' two, so whoever
 * changed a machine during a HACCP record's whole life can still be found while it is questioned.
 */
export const AUDIT_RETENTION_DAYS = 3 * 365 + 1;

/** The CSV export's columns, in order (stable names: the file is read by programs too). */
const CSV_HEADER = [
  'id',
  'at',
  'actor_email',
  'actor_id',
  'action',
  'target_kind',
  'target_id',
  'target',
  'before',
  'after',
  'request_id',
];

function view(row: TAuditRow): TAuditRecord {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetKind: row.targetKind,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    before: row.before,
    after: row.after,
    requestId: row.requestId,
  };
}

function json(value: Record<string, unknown> | null): string | null {
  return value === null ? null : JSON.stringify(value);
}

/**
 * The audit trail: who did what, when, to what, with the values before and after. Services record
 * their actions with `record`; an ADMIN reads the trail page by page or exports it as CSV.
 */
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  /**
   * Records one action of `actor`. Pass the transaction `t` of the change (`Transactions.run`) so the
   * change and its record commit together; without one (a command sent to a machine, which changes
   * no row of ours) the record is written on its own. The request id is taken from the request being
   * handled.
   */
  async record(actor: TAuditActor, entry: TAuditEntry, t?: TTransaction): Promise<void> {
    const repository = t ? this.repository.in(t) : this.repository;
    await repository.insert(this.newRecord(actor, entry));
  }

  /**
   * The row `record` would write, for a change written by plain SQL in a transaction of its own (a
   * CSV import's COPY): its repository stores the rows with `insertAuditRecords` in that transaction.
   */
  newRecord(actor: TAuditActor, entry: TAuditEntry): TNewAuditRecord {
    return {
      brand: actor.brand,
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      targetKind: entry.target.kind,
      targetId: entry.target.id,
      targetLabel: entry.target.label,
      accountEmail: entry.account?.toLowerCase() ?? null,
      serialNumber: entry.serialNumber ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      requestId: currentRequestId() ?? null,
    };
  }

  /** One page of the caller's brand's trail, newest first (the route lets only an ADMIN call). */
  async page(brand: TBrandCode, query: TAuditFilter & { page: number; size: number }): Promise<TAuditPage> {
    const { rows, total } = await this.repository.page(brand, query, (query.page - 1) * query.size, query.size);
    return { items: rows.map(view), total, page: query.page, size: query.size };
  }

  /**
   * The filtered trail as CSV lines (header first), newest first, produced a batch at a time as the
   * response is sent: memory stays flat however many records there are.
   */
  async *csv(brand: TBrandCode, filter: TAuditFilter): AsyncGenerator<string> {
    // A byte-order mark: spreadsheet programs then read the file as UTF-8 (accented names).
    yield `\uFEFF${csvRow(CSV_HEADER)}`;
    for await (const rows of this.repository.all(brand, filter)) {
      yield rows
        .map((r) =>
          csvRow([
            r.id,
            r.at.toISOString(),
            r.actorEmail,
            r.actorId,
            r.action,
            r.targetKind,
            r.targetId,
            r.targetLabel,
            json(r.before),
            json(r.after),
            r.requestId,
          ]),
        )
        .join('');
    }
  }

  /** Deletes the records older than the retention period; answers how many went. */
  purgeExpired(now = new Date()): Promise<number> {
    return this.repository.deleteBefore(new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000));
  }
}
