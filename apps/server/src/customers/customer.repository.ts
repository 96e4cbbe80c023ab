import { and, asc, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TBrandCode } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { escapeLike, searchWords } from '../db/like';
import { appliances, companies, customerAccounts, customerAppliances, customers, users } from '../db/schema/index';
import { ofManagedCompanies } from '../company/company.repository';
import type { TManagedCompanies } from '../company/company-scope';

export type TCustomerRow = typeof customers.$inferSelect & { companyCode: string; companyName: string; machines: number };
export type TCustomerFields = Omit<typeof customers.$inferInsert, 'id' | 'brand' | 'companyId' | 'createdAt' | 'updatedAt'>;

/** SQL of customers, the machines assigned to them and the accounts linked to them (docs/customers.md). */
export class CustomerRepository {
  constructor(
    private readonly db: TDb,
    /** Called after every write that changes who sees which machine (the read caches drop what they derived). */
    private readonly accessChanged: () => void = () => {},
  ) {}

  /**
   * The customer's machines: assignments still made by the machine's service company (one released
   * or moved to another company since no longer counts) of products not deleted.
   */
  private readonly machineCount = sql<number>`(select count(*)::int from ${customerAppliances}
    join ${appliances} on ${appliances.serialNumber} = ${customerAppliances.serialNumber}
    where ${customerAppliances.customerId} = ${customers.id} and ${appliances.companyCode} = ${customerAppliances.companyCode}
      and ${appliances.deletedAt} is null)`;

  private select() {
    return this.db
      .select({ customer: customers, companyCode: companies.code, companyName: companies.name, machines: this.machineCount })
      .from(customers)
      .innerJoin(companies, eq(companies.id, customers.companyId));
  }

  /** A customer of one of `companyIds` (every company of the brand when `companyIds` is 'brand'). */
  async find(brand: TBrandCode, id: string, companyIds: string[] | 'brand'): Promise<TCustomerRow | undefined> {
    const rows = await this.select().where(and(eq(customers.id, id), this.scope(brand, companyIds)));
    return rows[0] && { ...rows[0].customer, ...rows[0], machines: Number(rows[0].machines) };
  }

  /** One page of the customers of `companyIds`, by surname and name, every word of `q` in some column. */
  async page(
    brand: TBrandCode,
    companyIds: string[] | 'brand',
    query: { q?: string; page: number; size: number },
  ): Promise<{ rows: TCustomerRow[]; total: number }> {
    const words = searchWords(query.q).map((word) => {
      const like = `%${escapeLike(word)}%`;
      return or(
        ilike(customers.name, like),
        ilike(customers.surname, like),
        ilike(customers.email, like),
        ilike(customers.city, like),
        ilike(customers.contact, like),
      );
    });
    const where = and(this.scope(brand, companyIds), ...words);
    const [rows, totals] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(asc(sql`lower(${customers.surname})`), asc(sql`lower(${customers.name})`), asc(customers.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.db.select({ n: count() }).from(customers).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.customer, ...r, machines: Number(r.machines) })), total: totals[0]?.n ?? 0 };
  }

  async insert(brand: TBrandCode, companyId: string, fields: TCustomerFields): Promise<string> {
    const rows = await this.db
      .insert(customers)
      .values({ ...fields, brand, companyId })
      .returning({ id: customers.id });
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  /** Changes the fields; false, and nothing changed, when `expectedUpdatedAt` is given and no longer the customer's. */
  async update(id: string, fields: TCustomerFields, expectedUpdatedAt?: Date): Promise<boolean> {
    const rows = await this.db
      .update(customers)
      .set({ ...fields, updatedAt: new Date() })
      .where(
        and(
          eq(customers.id, id),
          // Created by the database with microseconds; the caller saw milliseconds.
          expectedUpdatedAt
            ? sql`date_trunc('milliseconds', ${customers.updatedAt}) = ${expectedUpdatedAt.toISOString()}::timestamptz`
            : undefined,
        ),
      )
      .returning({ id: customers.id });
    return rows.length > 0;
  }

  /** Deletes the customer; its assignments and account links go with it (the machines stay with their service company). */
  delete(id: string): Promise<void> {
    return this.changing(async () => {
      await this.db.delete(customers).where(eq(customers.id, id));
    });
  }

  /**
   * The machines assigned to the customer (deleted products left out, and those whose service
   * company changed since: the assignment was the earlier company's).
   */
  async appliances(customerId: string) {
    return this.db
      .select({
        serialNumber: appliances.serialNumber,
        applianceName: appliances.applianceName,
        modelNumber: appliances.modelNumber,
      })
      .from(customerAppliances)
      .innerJoin(appliances, eq(appliances.serialNumber, customerAppliances.serialNumber))
      .where(
        and(
          eq(customerAppliances.customerId, customerId),
          eq(appliances.companyCode, customerAppliances.companyCode),
          sql`${appliances.deletedAt} is null`,
        ),
      )
      .orderBy(asc(appliances.serialNumber));
  }

  /**
   * Assigns the machine (serviced by `companyCode` now) to the customer; false when another customer
   * has it. An assignment the machine's earlier service company made no longer holds and is replaced.
   */
  assign(customerId: string, serialNumber: string, companyCode: string, by: string): Promise<boolean> {
    const same = sql`${customerAppliances.customerId} = ${customerId}::uuid and ${customerAppliances.companyCode} = ${companyCode}`;
    return this.changing(() =>
      this.db.transaction(async (tx) => {
        const rows = await tx
          .insert(customerAppliances)
          .values({ customerId, serialNumber, companyCode, assignedBy: by })
          .onConflictDoUpdate({
            target: customerAppliances.serialNumber,
            // Assigned again to the same customer by the same company: nothing changes, not even who
            // assigned it and when (docs/customers.md).
            set: {
              customerId,
              companyCode,
              assignedBy: sql`case when ${same} then ${customerAppliances.assignedBy} else ${by}::uuid end`,
              assignedAt: sql`case when ${same} then ${customerAppliances.assignedAt} else now() end`,
            },
            setWhere: or(eq(customerAppliances.customerId, customerId), ne(customerAppliances.companyCode, companyCode)),
          })
          .returning({ serialNumber: customerAppliances.serialNumber });
        if (rows.length === 0) return false;
        // The customer the machine last went to, and since when (appliances.customerSince): moved to
        // another customer of the same company, it went to another kitchen, whose accounts and owner
        // read its history from then on (docs/permissions.md); the first customer of a new company
        // is the same kitchen with a new provider.
        await tx
          .update(appliances)
          .set({
            lastCustomerId: customerId,
            lastCustomerCompany: companyCode,
            customerSince: sql`case when ${appliances.lastCustomerId} is null then null
              when ${appliances.lastCustomerId} = ${customerId}::uuid then ${appliances.customerSince}
              when ${appliances.lastCustomerCompany} = ${companyCode} then now()
              else ${appliances.customerSince} end`,
          })
          .where(eq(appliances.serialNumber, serialNumber));
        return true;
      }),
    );
  }

  unassign(customerId: string, serialNumber: string): Promise<boolean> {
    return this.changing(async () => {
      const rows = await this.db
        .delete(customerAppliances)
        .where(and(eq(customerAppliances.customerId, customerId), eq(customerAppliances.serialNumber, serialNumber)))
        .returning({ serialNumber: customerAppliances.serialNumber });
      return rows.length > 0;
    });
  }

  /** The accounts linked to the customer. */
  async accounts(customerId: string) {
    return this.db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(customerAccounts)
      .innerJoin(users, eq(users.id, customerAccounts.userId))
      .where(eq(customerAccounts.customerId, customerId))
      .orderBy(asc(users.lastName), asc(users.firstName));
  }

  link(customerId: string, userId: string): Promise<void> {
    return this.changing(async () => {
      await this.db.insert(customerAccounts).values({ customerId, userId }).onConflictDoNothing();
    });
  }

  unlink(customerId: string, userId: string): Promise<boolean> {
    return this.changing(async () => {
      const rows = await this.db
        .delete(customerAccounts)
        .where(and(eq(customerAccounts.customerId, customerId), eq(customerAccounts.userId, userId)))
        .returning({ userId: customerAccounts.userId });
      return rows.length > 0;
    });
  }

  /**
   * Serial numbers of the machines assigned to the customers `userId` is linked to, as long as each
   * is still serviced by the company it was assigned under (an assignment whose machine changed
   * hands counts no more).
   */
  async linkedSerials(userId: string): Promise<string[]> {
    return (await this.linkedSerialsMany([userId])).get(userId) ?? [];
  }

  /** `linkedSerials` of several accounts in one statement: by account id (an account linked to nothing has no entry). */
  async linkedSerialsMany(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const linked = new Map<string, string[]>();
    if (userIds.length === 0) return linked;
    const rows = await this.db
      .select({ userId: customerAccounts.userId, serialNumber: customerAppliances.serialNumber })
      .from(customerAccounts)
      .innerJoin(customerAppliances, eq(customerAppliances.customerId, customerAccounts.customerId))
      .innerJoin(appliances, eq(appliances.serialNumber, customerAppliances.serialNumber))
      .where(and(inArray(customerAccounts.userId, [...userIds]), eq(appliances.companyCode, customerAppliances.companyCode)));
    for (const { userId, serialNumber } of rows) {
      const serials = linked.get(userId);
      if (serials) serials.push(serialNumber);
      else linked.set(userId, [serialNumber]);
    }
    return linked;
  }

  /**
   * Ids of the accounts linked to the customer each machine is assigned to (while the assignment
   * counts, as above), in one statement: by serial number (a machine linked to nobody has no entry).
   */
  async linkedUserIdsMany(serialNumbers: readonly string[]): Promise<Map<string, string[]>> {
    const linked = new Map<string, string[]>();
    if (serialNumbers.length === 0) return linked;
    const rows = await this.db
      .select({ serialNumber: customerAppliances.serialNumber, userId: customerAccounts.userId })
      .from(customerAppliances)
      .innerJoin(customerAccounts, eq(customerAccounts.customerId, customerAppliances.customerId))
      .innerJoin(appliances, eq(appliances.serialNumber, customerAppliances.serialNumber))
      .where(
        and(
          inArray(customerAppliances.serialNumber, [...serialNumbers]),
          eq(appliances.companyCode, customerAppliances.companyCode),
        ),
      );
    for (const { serialNumber, userId } of rows) {
      const users = linked.get(serialNumber);
      if (users) users.push(userId);
      else linked.set(serialNumber, [userId]);
    }
    return linked;
  }

  /** Runs a change of who sees which machine, then says so (the access caches drop their answers), failed or not. */
  private async changing<T>(change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } finally {
      this.accessChanged();
    }
  }

  private scope(brand: TBrandCode, managed: TManagedCompanies): SQL {
    return ofManagedCompanies(customers, brand, managed);
  }
}
