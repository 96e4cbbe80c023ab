import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TAuditAction, TAuditTargetKind, TBrandCode } from '@washboard/contracts';

/**
 * The audit trail (docs/administration.md, "Audit trail"): one row per administration action or
 * remote command, written in the transaction of the change where there is one. The actor's e-mail
 * and the target's label are copied, so a record stays readable after the account or company is
 * gone; no foreign keys, for the same reason. Rows are only ever inserted, and deleted after the
 * retention period.
 */
export const auditRecords = pgTable(
  'audit_records',
  {
    // Insertion order: the trail's order and the CSV export's keyset.
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    brand: text('brand').$type<TBrandCode>().notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').$type<TAuditAction>().notNull(),
    targetKind: text('target_kind').$type<TAuditTargetKind>().notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    /** The account the action concerns besides its actor (the changed account, the one a machine was claimed for), lower case. */
    accountEmail: text('account_email'),
    /** The machine the action concerns. */
    serialNumber: text('serial_number'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    requestId: text('request_id'),
  },
  (t) => [
    // One per filter of the audit screen, each ending in the order of the trail (newest first).
    index('audit_brand_id_idx').on(t.brand, t.id),
    index('audit_brand_at_idx').on(t.brand, t.at),
    index('audit_brand_action_idx').on(t.brand, t.action, t.id),
    index('audit_brand_serial_idx').on(t.brand, t.serialNumber, t.id),
    index('audit_brand_actor_idx').on(t.brand, sql`lower(${t.actorEmail})`, t.id),
    index('audit_brand_account_idx').on(t.brand, t.accountEmail, t.id),
  ],
);
