import { and, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import {
  personName,
  type TBrandCode,
  type TGamma,
  type TInspectionExport,
  type TInspectorLinkRefusal,
} from '@washboard/contracts';
import type { TDb } from '../../db/database';
import type { TTransaction } from '../../db/transaction';
import { appliances, applianceStates, haccpInspectorLinkOpenings, haccpInspectorLinks, users } from '../../db/schema/index';

/** A link with how often it was opened and how often refused, and when last. */
export type TInspectorLinkRow = typeof haccpInspectorLinks.$inferSelect & {
  openings: number;
  lastOpenedAt: Date | null;
  refusedOpenings: number;
  lastRefusedAt: Date | null;
};

/** A link found by its token, with what its page shows of the machine. */
export type TInspectorLinkTarget = typeof haccpInspectorLinks.$inferSelect & {
  machine: { applianceName: string | null; modelNumber: string; gamma: TGamma; type: string; brand: TBrandCode };
  parameters: Record<string, number> | null;
};

/** The most links a machine's list shows (newest first). */
const LIST_LIMIT = 200;
/** The most openings a link's list shows (newest first). */
const OPENINGS_LIMIT = 500;

/** An account's name as a link keeps it (`personName`: never its e-mail address or id), read in `db`. */
async function nameOf(db: TDb, userId: string): Promise<string> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return personName(user);
}

// A download is kept as an opening of its own, listed with them but not counted as the page shown.
const shown = sql`${haccpInspectorLinkOpenings.refused} is null and ${haccpInspectorLinkOpenings.download} is null`;
const refused = sql`${haccpInspectorLinkOpenings.refused} is not null`;
const withOpenings = {
  ...getTableColumns(haccpInspectorLinks),
  openings: sql<number>`count(${haccpInspectorLinkOpenings.id}) filter (where ${shown})`.mapWith(Number),
  lastOpenedAt: sql<Date | null>`max(${haccpInspectorLinkOpenings.openedAt}) filter (where ${shown})`.mapWith(
    haccpInspectorLinkOpenings.openedAt,
  ),
  refusedOpenings: sql<number>`count(${haccpInspectorLinkOpenings.id}) filter (where ${refused})`.mapWith(Number),
  lastRefusedAt: sql<Date | null>`max(${haccpInspectorLinkOpenings.openedAt}) filter (where ${refused})`.mapWith(
    haccpInspectorLinkOpenings.openedAt,
  ),
};

/** SQL of inspector links and their openings (tables `haccp_inspector_links`, `haccp_inspector_link_openings`). */
export class InspectorLinkRepository {
  constructor(private readonly db: TDb) {}

  /** Stores a new link (in the transaction `t`, with its audit record); answers its row. */
  async insert(
    t: TTransaction,
    link: {
      serialNumber: string;
      tokenHash: string;
      startDate: string;
      stopDate: string;
      recordsFrom: Date | null;
      label: string | null;
      createdBy: string;
      expiresAt: Date;
    },
  ): Promise<TInspectorLinkRow> {
    const [row] = await t.tx
      .insert(haccpInspectorLinks)
      .values({ ...link, createdByName: await nameOf(t.tx, link.createdBy) })
      .returning();
    if (!row) throw new Error('inspector link not stored');
    return { ...row, openings: 0, lastOpenedAt: null, refusedOpenings: 0, lastRefusedAt: null };
  }

  /**
   * The machine's holders, its row locked until `t` ends: a change of hands (which updates the row,
   * then releases the links in its own transaction) waits for a link stored in `t`, or went first
   * and shows here. Undefined for a machine not there.
   */
  async lockHolders(
    t: TTransaction,
    serialNumber: string,
  ): Promise<{ ownerUserId: string | null; companyCode: string | null } | undefined> {
    const [row] = await t.tx
      .select({ ownerUserId: appliances.ownerUserId, companyCode: appliances.companyCode })
      .from(appliances)
      .where(eq(appliances.serialNumber, serialNumber))
      .for('share');
    return row;
  }

  /**
   * What a link's maker may share with: their account's role, company and status — locked until `t`
   * ends when given (a change of the account, which revokes the links it made, then waits for a link
   * stored in `t`, or went first and shows here).
   */
  async makerState(
    userId: string,
    t?: TTransaction,
  ): Promise<{ role: string; companyId: string | null; status: string } | undefined> {
    const query = (t?.tx ?? this.db)
      .select({ role: users.role, companyId: users.companyId, status: users.status })
      .from(users)
      .where(eq(users.id, userId));
    const [row] = t ? await query.for('share') : await query;
    return row;
  }

  /** The machine's links since its holders last changed (none released), newest first, with their openings. */
  async list(serialNumber: string): Promise<TInspectorLinkRow[]> {
    return this.db
      .select(withOpenings)
      .from(haccpInspectorLinks)
      .leftJoin(haccpInspectorLinkOpenings, eq(haccpInspectorLinkOpenings.linkId, haccpInspectorLinks.id))
      .where(and(eq(haccpInspectorLinks.serialNumber, serialNumber), isNull(haccpInspectorLinks.releasedAt)))
      .groupBy(haccpInspectorLinks.id)
      .orderBy(desc(haccpInspectorLinks.createdAt), desc(haccpInspectorLinks.id))
      .limit(LIST_LIMIT);
  }

  /** One link of the machine not released, with its openings. */
  async find(serialNumber: string, id: string, db: TDb = this.db): Promise<TInspectorLinkRow | undefined> {
    const rows = await db
      .select(withOpenings)
      .from(haccpInspectorLinks)
      .leftJoin(haccpInspectorLinkOpenings, eq(haccpInspectorLinkOpenings.linkId, haccpInspectorLinks.id))
      .where(
        and(
          eq(haccpInspectorLinks.serialNumber, serialNumber),
          eq(haccpInspectorLinks.id, id),
          isNull(haccpInspectorLinks.releasedAt),
        ),
      )
      .groupBy(haccpInspectorLinks.id);
    return rows[0];
  }

  /** Revokes a link not revoked yet (in `t`); false when there was none to revoke. */
  async revoke(t: TTransaction, serialNumber: string, id: string, userId: string): Promise<boolean> {
    const rows = await t.tx
      .update(haccpInspectorLinks)
      .set({ revokedAt: sql`now()`, revokedBy: userId, revokedByName: await nameOf(t.tx, userId) })
      .where(
        and(
          eq(haccpInspectorLinks.serialNumber, serialNumber),
          eq(haccpInspectorLinks.id, id),
          isNull(haccpInspectorLinks.revokedAt),
          isNull(haccpInspectorLinks.releasedAt),
        ),
      )
      .returning({ id: haccpInspectorLinks.id });
    return rows.length > 0;
  }

  /**
   * Releases the machine's links (in `t`) when someone who held it loses it: those still working are
   * revoked by `userId`, and all of them leave the machine's list (`released_at`; docs/hygiene.md,
   * "Inspector links"). Answers the links it revoked, with when.
   */
  async release(t: TTransaction, serialNumber: string, userId: string): Promise<{ id: string; revokedAt: Date | null }[]> {
    const unreleased = and(eq(haccpInspectorLinks.serialNumber, serialNumber), isNull(haccpInspectorLinks.releasedAt));
    const revoked = await t.tx
      .update(haccpInspectorLinks)
      .set({ revokedAt: sql`now()`, revokedBy: userId, revokedByName: await nameOf(t.tx, userId) })
      .where(and(unreleased, isNull(haccpInspectorLinks.revokedAt), gt(haccpInspectorLinks.expiresAt, sql`now()`)))
      .returning({ id: haccpInspectorLinks.id, revokedAt: haccpInspectorLinks.revokedAt });
    await t.tx
      .update(haccpInspectorLinks)
      .set({ releasedAt: sql`now()` })
      .where(unreleased);
    return revoked;
  }

  /**
   * Revokes, by `userId` (in `t`), the links `createdBy` made that still work, on any machine: their
   * maker's account is deleted or given another role or company (docs/hygiene.md, "Inspector links").
   * Answers the links it revoked, with their machine and when.
   */
  async revokeCreatedBy(
    t: TTransaction,
    createdBy: string,
    userId: string,
  ): Promise<{ id: string; serialNumber: string; revokedAt: Date | null }[]> {
    return t.tx
      .update(haccpInspectorLinks)
      .set({ revokedAt: sql`now()`, revokedBy: userId, revokedByName: await nameOf(t.tx, userId) })
      .where(
        and(
          eq(haccpInspectorLinks.createdBy, createdBy),
          isNull(haccpInspectorLinks.revokedAt),
          isNull(haccpInspectorLinks.releasedAt),
          gt(haccpInspectorLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({
        id: haccpInspectorLinks.id,
        serialNumber: haccpInspectorLinks.serialNumber,
        revokedAt: haccpInspectorLinks.revokedAt,
      });
  }

  /** The link with this token hash, of a machine of `brand` that is not deleted, with what its page shows. */
  async byToken(brand: TBrandCode, tokenHash: string): Promise<TInspectorLinkTarget | undefined> {
    const rows = await this.db
      .select({
        link: haccpInspectorLinks,
        machine: {
          applianceName: appliances.applianceName,
          modelNumber: appliances.modelNumber,
          gamma: appliances.gamma,
          type: appliances.type,
          brand: appliances.brand,
        },
        parameters: applianceStates.parameters,
      })
      .from(haccpInspectorLinks)
      .innerJoin(appliances, eq(appliances.serialNumber, haccpInspectorLinks.serialNumber))
      .leftJoin(applianceStates, eq(applianceStates.serialNumber, haccpInspectorLinks.serialNumber))
      .where(and(eq(haccpInspectorLinks.tokenHash, tokenHash), eq(appliances.brand, brand), isNull(appliances.deletedAt)));
    const row = rows[0];
    return row ? { ...row.link, machine: row.machine, parameters: row.parameters } : undefined;
  }

  /**
   * Records that the link was opened: shown, or `refused` because it was revoked or had expired; a
   * download names its file.
   */
  async recordOpening(
    linkId: string,
    visitor: {
      network: string | null;
      userAgent: string | null;
      refused: TInspectorLinkRefusal | null;
      download: TInspectionExport | null;
    },
  ): Promise<void> {
    await this.db.insert(haccpInspectorLinkOpenings).values({ linkId, ...visitor });
  }

  /** The link's openings, newest first. */
  async openings(linkId: string) {
    return this.db
      .select({
        openedAt: haccpInspectorLinkOpenings.openedAt,
        network: haccpInspectorLinkOpenings.network,
        userAgent: haccpInspectorLinkOpenings.userAgent,
        refused: haccpInspectorLinkOpenings.refused,
        download: haccpInspectorLinkOpenings.download,
      })
      .from(haccpInspectorLinkOpenings)
      .where(eq(haccpInspectorLinkOpenings.linkId, linkId))
      .orderBy(desc(haccpInspectorLinkOpenings.openedAt), desc(haccpInspectorLinkOpenings.id))
      .limit(OPENINGS_LIMIT);
  }
}
