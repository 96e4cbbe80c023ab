import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appliances } from './appliances';
import { users } from './users';

/** What a chain entry covers (docs/hygiene.md, "Tamper-evident record"). */
export type THaccpChainKind = 'event' | 'alarm' | 'alarmClose' | 'correction';

/** The hash before a machine's first entry: 64 zeros. */
export const CHAIN_GENESIS = '0'.repeat(64);

/**
 * The hash chain of each machine's HACCP record (docs/hygiene.md): one entry per alarm opening, alarm
 * closing and correction, numbered in arrival order. A HACCP event's entry is kept in the event's own
 * row (`haccp_events.chain_seq` …); the view `haccp_chain_entries` (migration 0032) shows both as one
 * chain. The content is not copied here: verification reads it from its own table and recomputes
 * `hash`. An entry of kind `event` here is one whose event was deleted before migration 0032.
 */
export const haccpChain = pgTable(
  'haccp_chain',
  {
    /**
     * No foreign key: an entry is written only by `appendToChain`, in the transaction that holds
     * its machine's head, which references the machine. Checked entry by entry (an index search
     * and a row lock each), the key took a seventh of what chaining costs the gateway.
     */
    serialNumber: text('serial_number').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    kind: text('kind').$type<THaccpChainKind>().notNull(),
    recordId: uuid('record_id').notNull(),
    /** The device time was older than the newest the chain had seen: the machine had buffered it. */
    late: boolean('late').notNull(),
    /** The record's own time (event end, alarm start or stop, correction made). */
    deviceTime: timestamp('device_time', { withTimezone: true }).notNull(),
    /** When it entered the chain; never decreasing along a machine's chain. */
    chainedAt: timestamp('chained_at', { withTimezone: true }).notNull(),
    /** SHA-256, hex, of the previous hash and the entry's canonical form. */
    hash: text('hash').notNull(),
    /**
     * Who carried the record home from the machine over the local link (docs/local-link.md), when a
     * phone delivered it rather than the machine: the account, and its name as chained. No foreign
     * key: the account is the signed-in caller who uploaded the record, and accounts are never
     * removed, only marked deleted; checked on every entry (a queued trigger each, null or not), the
     * key cost the gateway 5–8 % of a chained batch.
     */
    carriedBy: uuid('carried_by'),
    carrierName: text('carrier_name'),
  },
  (t) => [
    primaryKey({ columns: [t.serialNumber, t.seq] }),
    index('haccp_chain_record_idx').on(t.serialNumber, t.recordId),
    /**
     * Read only by retention (a prefix of every chain, once a day). A block-range index: entries are
     * written in `chained_at` order, so a range of pages summarises them, and it is not searched and
     * split on every insert as a B-tree was (5–8 % of a chained batch).
     */
    index('haccp_chain_chained_at_idx').using('brin', t.chainedAt),
  ],
);

/**
 * The head of each machine's chain, locked (FOR UPDATE) by every writer for the length of its
 * transaction, so concurrent batches and several server instances append to one chain. The anchor
 * is the last entry retention removed: verification starts from it.
 */
export const haccpChainHeads = pgTable('haccp_chain_heads', {
  serialNumber: text('serial_number')
    .primaryKey()
    .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
  hash: text('hash').notNull().default(CHAIN_GENESIS),
  /** The newest device time chained: an entry older than this is marked late. */
  deviceTime: timestamp('device_time', { withTimezone: true }),
  chainedAt: timestamp('chained_at', { withTimezone: true }),
  anchorSeq: bigint('anchor_seq', { mode: 'number' }).notNull().default(0),
  anchorHash: text('anchor_hash').notNull().default(CHAIN_GENESIS),
  /** When the chain began: records that arrived earlier were stored before chaining existed. */
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A machine's daily close-out: the chain position at the end of a UTC day, signed with the
 * server's Ed25519 key; a reviewer's confirmation adds a second signature over the same position.
 */
export const haccpCloseOuts = pgTable(
  'haccp_close_outs',
  {
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewerName: text('reviewer_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewSignature: text('review_signature'),
  },
  (t) => [primaryKey({ columns: [t.serialNumber, t.day] })],
);

/**
 * A correction of a HACCP record: never an edit, a new record (itself chained) pointing at the one
 * it corrects, with the service's note of what was wrong and who said so.
 */
export const haccpCorrections = pgTable(
  'haccp_corrections',
  {
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    correctsKind: text('corrects_kind').$type<'event' | 'alarm'>().notNull(),
    correctsId: uuid('corrects_id').notNull(),
    note: text('note').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.serialNumber, t.id] }),
    index('haccp_corrections_target_idx').on(t.serialNumber, t.correctsId),
  ],
);

/**
 * Another version of a HACCP record: delivered under the id of a record the machine's record holds,
 * with other content (docs/device-protocol.md, `CONFLICTING_RECORD`). Kept beside the record, never
 * in its place, and shown with it to whoever sees the record, an inspector too; who carried it home
 * over the local link (null: the machine sent it). Retention removes it with the records of its time.
 */
export const haccpOtherVersions = pgTable(
  'haccp_other_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    recordKind: text('record_kind').$type<'event' | 'alarm'>().notNull(),
    recordId: uuid('record_id').notNull(),
    /** The version as it came (its schema's form). */
    record: jsonb('record').notNull(),
    carriedBy: uuid('carried_by'),
    carrierName: text('carrier_name'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('haccp_other_versions_record_idx').on(t.serialNumber, t.recordId),
    /**
     * One version once, whoever delivers it again (a QoS 1 repeat, a page carried home again or
     * retried from the phone's queue, two instances at once): inserted `on conflict do nothing`.
     */
    uniqueIndex('haccp_other_versions_once_idx').on(
      t.serialNumber,
      t.recordKind,
      t.recordId,
      sql`md5((${sql.identifier('record')})::text)`,
      sql`coalesce(${sql.identifier('carried_by')}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
  ],
);
