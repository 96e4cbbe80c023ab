import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TAdminUserSort, TBrandCode, TRole, TUserStatus } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { escapeLike } from '../db/like';
import type { TTransaction } from '../db/transaction';
import { companies, passwordResetTokens, users, verificationCodes } from '../db/schema/index';

export type TNewUser = typeof users.$inferInsert;
export type TUser = typeof users.$inferSelect;
export type TUserWithCompany = TUser & { companyCode: string | null; companyName: string | null };

const withCompany = {
  user: users,
  companyCode: companies.code,
  companyName: companies.name,
};

function flatten(row: { user: TUser; companyCode: string | null; companyName: string | null }): TUserWithCompany {
  return { ...row.user, companyCode: row.companyCode, companyName: row.companyName };
}

/** Columns the keyword search looks in: those the administration table shows. */
const SEARCHED = [
  users.email,
  users.firstName,
  users.lastName,
  users.status,
  users.role,
  users.country,
  users.mobile,
  users.phone,
  companies.name,
  companies.code,
];

/** What each sort of the table orders by; text is compared case-insensitively (as users read it). */
const SORT_COLUMNS: Record<TAdminUserSort, SQL> = {
  email: sql`lower(${users.email})`,
  firstName: sql`lower(${users.firstName})`,
  lastName: sql`lower(${users.lastName})`,
  status: sql`${users.status}`,
  company: sql`lower(${companies.name})`,
  role: sql`${users.role}`,
  country: sql`${users.country}`,
  createdAt: sql`${users.createdAt}`,
};

const NULLABLE_SORTS: ReadonlySet<TAdminUserSort> = new Set(['company', 'country']);

/** The administration table's rows: the brand's accounts but DELETED ones, searched and filtered. */
function adminFilter(brand: TBrandCode, filter: { words: string[]; status?: TUserStatus; role?: TRole }): SQL | undefined {
  return and(
    eq(users.brand, brand),
    ne(users.status, 'DELETED'),
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.role ? eq(users.role, filter.role) : undefined,
    ...filter.words.map((word) => or(...SEARCHED.map((column) => ilike(column, `%${escapeLike(word)}%`)))),
  );
}

/** SQL for accounts, their verification codes and reset links. */
export class AccountRepository {
  constructor(
    private readonly db: TDb,
    /** Called after every change of an account's role, company or status (the read caches drop what they derived). */
    private readonly changed: () => void = () => {},
  ) {}

  /** The same repository inside the transaction `t`; the read caches hear of its changes once `t` committed. */
  in(t: TTransaction): AccountRepository {
    return new AccountRepository(t.tx, () => t.afterCommit(this.changed));
  }

  async findByEmail(brand: TBrandCode, email: string): Promise<TUser | undefined> {
    const rows = await this.db
      .select()
      .from(users)
      .where(and(eq(users.brand, brand), sql`lower(${users.email}) = lower(${email})`));
    return rows[0];
  }

  /**
   * The ACTIVE accounts of `brand` that are its ADMINs, one of the accounts `ownerIds`, SERVICE users
   * of `serviceCompanyIds`, SERVICE_MANAGERs of `managerCompanyIds` or one of the accounts
   * `linkedIds`, by name (ApplianceAccess.viewersMany: those who may see one of several machines).
   */
  async activeViewers(
    brand: TBrandCode,
    who: { ownerIds: string[]; serviceCompanyIds: string[]; managerCompanyIds: string[]; linkedIds: string[] },
  ): Promise<TUser[]> {
    return this.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.brand, brand),
          eq(users.status, 'ACTIVE'),
          or(
            eq(users.role, 'ADMIN'),
            who.ownerIds.length > 0 ? inArray(users.id, who.ownerIds) : undefined,
            who.serviceCompanyIds.length > 0
              ? and(eq(users.role, 'SERVICE'), inArray(users.companyId, who.serviceCompanyIds))
              : undefined,
            who.managerCompanyIds.length > 0
              ? and(eq(users.role, 'SERVICE_MANAGER'), inArray(users.companyId, who.managerCompanyIds))
              : undefined,
            who.linkedIds.length > 0 ? inArray(users.id, who.linkedIds) : undefined,
          ),
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName));
  }

  async findById(id: string): Promise<TUserWithCompany | undefined> {
    const rows = await this.db
      .select(withCompany)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.id, id));
    return rows[0] && flatten(rows[0]);
  }

  async insert(user: TNewUser): Promise<TUser> {
    try {
      const rows = await this.db.insert(users).values(user).returning();
      const row = rows[0];
      if (!row) throw new Error('insert returned no row');
      return row;
    } finally {
      // A new account shows in the administration's user table (its kept pages are dropped).
      this.changed();
    }
  }

  async update(id: string, changes: Partial<TNewUser>): Promise<void> {
    try {
      await this.db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id));
    } finally {
      this.changed();
    }
  }

  /** Moves an account from one status to another; false when it was no longer in `from`. */
  async transition(id: string, from: TUserStatus, to: TUserStatus, changes: Partial<TNewUser> = {}): Promise<boolean> {
    try {
      const rows = await this.db
        .update(users)
        .set({ ...changes, status: to, updatedAt: sql`now()` })
        .where(and(eq(users.id, id), eq(users.status, from)))
        .returning({ id: users.id });
      return rows.length === 1;
    } finally {
      this.changed();
    }
  }

  /** Accounts waiting for approval in `brand`, optionally only those of the given companies. */
  async pending(brand: TBrandCode, companyIds?: string[]): Promise<TUserWithCompany[]> {
    if (companyIds && companyIds.length === 0) return [];
    const rows = await this.db
      .select(withCompany)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(
        and(
          eq(users.brand, brand),
          eq(users.status, 'PENDING_APPROVAL'),
          companyIds ? inArray(users.companyId, companyIds) : undefined,
        ),
      )
      .orderBy(users.createdAt);
    return rows.map(flatten);
  }

  /**
   * Who decides on a pending account of the companies `companyIds` (the applicant's company and those
   * above it): their ACTIVE service managers, or — when there are none — the brand's ACTIVE admins.
   */
  async approvers(brand: TBrandCode, companyIds: string[]): Promise<TUser[]> {
    const active = and(eq(users.brand, brand), eq(users.status, 'ACTIVE'));
    const managers =
      companyIds.length === 0
        ? []
        : await this.db
            .select()
            .from(users)
            .where(and(active, eq(users.role, 'SERVICE_MANAGER'), inArray(users.companyId, companyIds)));
    if (managers.length > 0) return managers;
    return this.db
      .select()
      .from(users)
      .where(and(active, eq(users.role, 'ADMIN')));
  }

  /**
   * The brand's accounts for the administration table, DELETED ones left out. Every word of
   * `words` must appear (case-insensitively) in one of the columns the table shows.
   */
  async adminList(brand: TBrandCode, words: string[]): Promise<TUserWithCompany[]> {
    const rows = await this.db
      .select(withCompany)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(adminFilter(brand, { words }))
      .orderBy(sql`lower(${users.email})`);
    return rows.map(flatten);
  }

  /**
   * Accounts a product may be claimed for (the Manage Products claim picker): the brand's kitchen
   * managers and service users but DELETED ones, every word in some column, by e-mail, at most `limit`.
   */
  async claimCandidates(brand: TBrandCode, words: string[], limit: number): Promise<TUserWithCompany[]> {
    const rows = await this.db
      .select(withCompany)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(and(adminFilter(brand, { words }), inArray(users.role, ['KITCHEN_MANAGER', 'SERVICE', 'SERVICE_MANAGER'])))
      .orderBy(sql`lower(${users.email})`)
      .limit(limit);
    return rows.map(flatten);
  }

  /**
   * One page of the administration table: searched and filtered as `adminList`, sorted by `sort`
   * (ties broken by id, so a row never shows on two pages), with the count of every kept row.
   * Offset pages: a table of 50,000 accounts is read a screen at a time and the user may jump to
   * any page; the sort columns that matter most have an index (docs/administration.md).
   */
  async adminPage(
    brand: TBrandCode,
    query: {
      words: string[];
      status?: TUserStatus;
      role?: TRole;
      sort: TAdminUserSort;
      order: 'asc' | 'desc';
      offset: number;
      limit: number;
    },
  ): Promise<{ rows: TUserWithCompany[]; total: number }> {
    const where = adminFilter(brand, query);
    const direction = query.order === 'asc' ? asc : desc;
    const column = direction(SORT_COLUMNS[query.sort]);
    // Empty cells (no company, no country) go last both ways: they are the least telling rows. Only
    // there: on a column that is never empty, "nulls last" would keep a descending order off its index.
    const sortKey = NULLABLE_SORTS.has(query.sort) ? sql`${column} nulls last` : column;
    const rows = await this.db
      .select(withCompany)
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where)
      .orderBy(sortKey, direction(users.id))
      .limit(query.limit)
      .offset(query.offset);
    const [counted] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where);
    return { rows: rows.map(flatten), total: Number(counted?.n ?? 0) };
  }

  /**
   * Accounts changed in the last `seconds`, and when: a starting instance treats their older access
   * tokens as revoked, since a change may have been a deletion or a new role it never heard of. A
   * profile edit counts too; its holder just refreshes a token early.
   */
  async changedWithin(seconds: number): Promise<{ id: string; at: Date }[]> {
    return this.db
      .select({ id: users.id, at: users.updatedAt })
      .from(users)
      .where(sql`${users.updatedAt} > now() - make_interval(secs => ${seconds})`);
  }

  /** Marks an account DELETED; false when it already was. */
  async markDeleted(id: string): Promise<boolean> {
    try {
      const rows = await this.db
        .update(users)
        .set({ status: 'DELETED', updatedAt: sql`now()` })
        .where(and(eq(users.id, id), ne(users.status, 'DELETED')))
        .returning({ id: users.id });
      return rows.length === 1;
    } finally {
      this.changed();
    }
  }

  /** Replaces the account's verification code by a new one. */
  async replaceVerificationCode(userId: string, codeHash: string, expiresAt: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
      await tx.insert(verificationCodes).values({ userId, codeHash, expiresAt });
    });
  }

  async liveVerificationCode(userId: string) {
    const rows = await this.db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), sql`${verificationCodes.consumedAt} is null`));
    return rows[0];
  }

  /** Counts a wrong try; answers the new count. */
  async failVerificationCode(id: string): Promise<number> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
      .where(eq(verificationCodes.id, id))
      .returning({ failedAttempts: verificationCodes.failedAttempts });
    return rows[0]?.failedAttempts ?? 0;
  }

  async consumeVerificationCode(id: string): Promise<void> {
    await this.db
      .update(verificationCodes)
      .set({ consumedAt: sql`now()` })
      .where(eq(verificationCodes.id, id));
  }

  async insertResetToken(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  }

  /** Marks a live reset link used and answers its account id, or undefined when it is not valid. */
  async useResetToken(tokenHash: string): Promise<string | undefined> {
    const rows = await this.db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          sql`${passwordResetTokens.usedAt} is null`,
          sql`${passwordResetTokens.expiresAt} > now()`,
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return rows[0]?.userId;
  }

  /** Whether any account was ever created, deleted ones included. */
  async exists(): Promise<boolean> {
    const rows = await this.db.select({ id: users.id }).from(users).limit(1);
    return rows.length > 0;
  }

  async count(): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(ne(users.status, 'DELETED'));
    return Number(rows[0]?.n ?? 0);
  }
}
