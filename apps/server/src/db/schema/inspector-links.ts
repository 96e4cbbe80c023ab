import type { TInspectionExport, TInspectorLinkRefusal } from '@washboard/contracts';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appliances } from './appliances';
import { users } from './users';

/**
 * Inspector links (docs/hygiene.md, "Inspector links"): read-only, time-limited access to one
 * machine's HACCP record over one period, without an account. The token is never stored, only its
 * SHA-256 (a 256-bit random token cannot be guessed, so a slow hash would add nothing); who created
 * and who revoked a link are kept by name too, as corrections keep their author's.
 */
export const haccpInspectorLinks = pgTable(
  'haccp_inspector_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The period shown: whole UTC days, both included. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    stopDate: date('stop_date', { mode: 'string' }).notNull(),
    /**
     * From when its creator read the machine's history (an owner who took it over: docs/permissions.md,
     * "A machine that changes hands"): the link shows nothing before it, nor the earlier kitchen's
     * people and words on an alarm still open then; null: the whole period, as recorded.
     */
    recordsFrom: timestamp('records_from', { withTimezone: true }),
    /** Whom the link is for (an inspector's name, an authority). */
    label: text('label'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedByName: text('revoked_by_name'),
    /**
     * When someone who held the machine lost it (its owner or service company removed): the link was
     * revoked then if it still worked, and it is off the machine's list from then on, so the next
     * holders neither use nor see what their predecessors shared.
     */
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('haccp_inspector_links_token_key').on(t.tokenHash),
    index('haccp_inspector_links_machine_idx').on(t.serialNumber, t.createdAt),
  ],
);

/**
 * Every opening of an inspector link: when, from which network (the client's address cut to its /24
 * or /48: enough to tell an authority's office from elsewhere, not a person), with which browser, and
 * whether it was refused because the link no longer worked (`refused`: the link's status then,
 * `revoked` or `expired`; null when the record was shown).
 */
export const haccpInspectorLinkOpenings = pgTable(
  'haccp_inspector_link_openings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => haccpInspectorLinks.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    network: text('network'),
    userAgent: text('user_agent'),
    refused: text('refused').$type<TInspectorLinkRefusal>(),
    /** The file downloaded, when the opening was a download rather than the page. */
    download: text('download').$type<TInspectionExport>(),
  },
  (t) => [index('haccp_inspector_link_openings_link_idx').on(t.linkId, t.openedAt)],
);
