import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { UNIT_SYSTEM_PARAMETER, type TApplianceListQuery } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { TStoredDevice } from '../gateway/device-identity';
import { escapeLike } from '../db/like';
import type { TTransaction } from '../db/transaction';
import { rowsOf } from '../db/rows';
import { alarms, applianceCommands, appliances, applianceStates, companies, type TCommandStatus } from '../db/schema/index';

export type TAppliance = typeof appliances.$inferSelect;
export type TApplianceState = typeof applianceStates.$inferSelect;
export type TApplianceWithState = { appliance: TAppliance; state: TApplianceState | null };
/** One row of the device list: only the columns it shows, its company's name, its open alarms and its sort key. */
export type TApplianceListRow = {
  serialNumber: string;
  applianceName: string | null;
  modelNumber: string;
  gamma: TAppliance['gamma'];
  brand: TAppliance['brand'];
  companyCode: string | null;
  companyName: string | null;
  online: boolean | null;
  lastSeenAt: Date | null;
  systemState: number | null;
  cycleType: string | null;
  cycleNumber: number | null;
  telemetry: TApplianceState['telemetry'] | null;
  /** The last firmware progress report (a running update shows the machine as UPDATING). */
  fota: TApplianceState['fota'] | null;
  /** Of its parameters the one its unit system is read from (`machineUnitSystem`): not the whole set. */
  parameters: { S47?: number } | null;
  openAlarms: number;
  /** What the list sorts by: the appliance name (serial number when unnamed), lowercased by the database. */
  sortKey: string;
};

/** The device list's filters as SQL conditions (docs/device-list.md). */
function listFilters(query: TApplianceListQuery): SQL[] {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    const match = or(
      ilike(appliances.applianceName, like),
      ilike(appliances.serialNumber, like),
      ilike(appliances.modelNumber, like),
    );
    if (match) conditions.push(match);
  }
  if (query.gamma === 'none') conditions.push(isNull(appliances.gamma));
  else if (query.gamma) conditions.push(eq(appliances.gamma, query.gamma));
  if (query.companyCode) conditions.push(eq(appliances.companyCode, query.companyCode));
  const online = sql`coalesce(${applianceStates.online}, false)`;
  if (query.connectivity === 'wifi') conditions.push(sql`${online} = true`);
  else if (query.connectivity === 'offline') conditions.push(not(sql`${online}`));
  else if (query.connectivity === 'bluetooth') conditions.push(isNull(applianceStates.lastSeenAt));
  return conditions;
}

/** Told after writes, so the read caches drop what they derived (`ApplianceReadCache`). */
export type TApplianceChanges = {
  /** A machine's holder, company, name or existence changed. */
  access(): void;
  /** The live state of these machines (all when omitted) changed. */
  state(serials?: string[]): void;
};

const NO_CHANGES: TApplianceChanges = { access: () => {}, state: () => {} };

/** SQL of appliances, their live state and commands (HACCP events and alarms: `HaccpRepository`). */
export class ApplianceRepository {
  constructor(
    private readonly db: TDb,
    private readonly changed: TApplianceChanges = NO_CHANGES,
  ) {}

  /** The same repository inside the transaction `t`; the read caches hear of its changes once `t` committed. */
  in(t: TTransaction): ApplianceRepository {
    return new ApplianceRepository(t.tx, {
      access: () => t.afterCommit(() => this.changed.access()),
      state: (serials) => t.afterCommit(() => this.changed.state(serials)),
    });
  }

  /** Creates the product and its (offline) state row; false when the serial number exists. */
  async insert(appliance: typeof appliances.$inferInsert): Promise<boolean> {
    try {
      return await this.insertTx(appliance);
    } finally {
      this.changed.access();
      this.changed.state([appliance.serialNumber]);
    }
  }

  private insertTx(appliance: typeof appliances.$inferInsert): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(appliances)
        .values(appliance)
        .onConflictDoNothing()
        .returning({ serial: appliances.serialNumber });
      if (rows.length === 0) return false;
      await tx.insert(applianceStates).values({ serialNumber: appliance.serialNumber });
      return true;
    });
  }

  /** What the gateway needs of the machines among `serials` that exist: identity and secret hash. */
  async findDevices(serials: string[]): Promise<TStoredDevice[]> {
    return this.db
      .select({
        serialNumber: appliances.serialNumber,
        brand: appliances.brand,
        gamma: appliances.gamma,
        secretHash: appliances.secretHash,
      })
      .from(appliances)
      .where(and(inArray(appliances.serialNumber, serials), isNull(appliances.deletedAt)));
  }

  /** A product by serial number; a deleted one is not found (it no longer connects nor can be claimed). */
  async find(serialNumber: string): Promise<TAppliance | undefined> {
    const rows = await this.db
      .select()
      .from(appliances)
      .where(and(eq(appliances.serialNumber, serialNumber), isNull(appliances.deletedAt)));
    return rows[0];
  }

  /** `find` of several serial numbers in one statement (those unknown or deleted are missing). */
  async findMany(serialNumbers: readonly string[]): Promise<TAppliance[]> {
    if (serialNumbers.length === 0) return [];
    return this.db
      .select()
      .from(appliances)
      .where(and(inArray(appliances.serialNumber, [...serialNumbers]), isNull(appliances.deletedAt)));
  }

  /** The appliance with its state when `visible` (the caller's scope) allows it. */
  async findVisible(serialNumber: string, visible: SQL): Promise<TApplianceWithState | undefined> {
    const rows = await this.db
      .select({ appliance: appliances, state: applianceStates })
      .from(appliances)
      .leftJoin(applianceStates, eq(applianceStates.serialNumber, appliances.serialNumber))
      .where(and(eq(appliances.serialNumber, serialNumber), visible));
    return rows[0];
  }

  /**
   * One page of the device list in one statement: what `visible` allows, narrowed by the filters,
   * sorted by appliance name (the serial number when unnamed, then the serial number between equal
   * names), from just after `query.after` on, at most `query.limit` rows, with the service company's
   * name and the count of open alarms (an index scan of `alarms_open_idx` per machine of the page).
   * `total` counts every machine matching the filters: a window count taken before the cursor and the
   * limit apply (PostgreSQL keeps conditions of an outer query out of a subquery with a window). One
   * more row than the page is read to tell whether another page follows.
   */
  async listPage(visible: SQL, query: TApplianceListQuery): Promise<{ rows: TApplianceListRow[]; total: number; more: boolean }> {
    const descending = query.sort === 'desc';
    const order = descending ? desc : asc;
    const filtered = this.db
      .select({
        serialNumber: appliances.serialNumber,
        applianceName: appliances.applianceName,
        modelNumber: appliances.modelNumber,
        gamma: appliances.gamma,
        brand: appliances.brand,
        companyCode: appliances.companyCode,
        companyName: companies.name,
        online: applianceStates.online,
        lastSeenAt: applianceStates.lastSeenAt,
        systemState: applianceStates.systemState,
        cycleType: applianceStates.cycleType,
        cycleNumber: applianceStates.cycleNumber,
        telemetry: applianceStates.telemetry,
        fota: applianceStates.fota,
        sortKey: sql<string>`lower(coalesce(${appliances.applianceName}, ${appliances.serialNumber}))`.as('sort_key'),
        total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      })
      .from(appliances)
      .leftJoin(applianceStates, eq(applianceStates.serialNumber, appliances.serialNumber))
      .leftJoin(companies, and(eq(companies.brand, appliances.brand), eq(companies.code, appliances.companyCode)))
      .where(and(visible, ...listFilters(query)))
      .as('filtered');
    const { after } = query;
    const rows = await this.db
      .select({
        serialNumber: filtered.serialNumber,
        applianceName: filtered.applianceName,
        modelNumber: filtered.modelNumber,
        gamma: filtered.gamma,
        brand: filtered.brand,
        companyCode: filtered.companyCode,
        companyName: filtered.companyName,
        online: filtered.online,
        lastSeenAt: filtered.lastSeenAt,
        systemState: filtered.systemState,
        cycleType: filtered.cycleType,
        cycleNumber: filtered.cycleNumber,
        telemetry: filtered.telemetry,
        fota: filtered.fota,
        // Read for the page's rows alone, not in the windowed subquery: every visible machine's
        // parameters would be read (and detoasted) there to answer a page of 50.
        parameters: sql<{
          S47?: number;
        } | null>`(select jsonb_build_object(${UNIT_SYSTEM_PARAMETER}::text, unit_state.parameters->${UNIT_SYSTEM_PARAMETER}::text) from ${applianceStates} as unit_state where unit_state.serial_number = ${sql.identifier('filtered')}.serial_number)`,
        sortKey: filtered.sortKey,
        total: filtered.total,
        // Spelled out with its own alias: drizzle leaves the columns of a one-table select unqualified,
        // which would compare the alarm's serial number with itself and count every open alarm.
        openAlarms: sql<number>`(select count(*)::int from ${alarms} as open_alarm where open_alarm.serial_number = ${sql.identifier('filtered')}.serial_number and open_alarm.stop_date is null)`,
      })
      .from(filtered)
      .where(
        after
          ? descending
            ? sql`(${filtered.sortKey}, ${filtered.serialNumber}) < (${after.key}, ${after.serialNumber})`
            : sql`(${filtered.sortKey}, ${filtered.serialNumber}) > (${after.key}, ${after.serialNumber})`
          : undefined,
      )
      .orderBy(order(filtered.sortKey), order(filtered.serialNumber))
      .limit(query.limit + 1);
    const more = rows.length > query.limit;
    const page = more ? rows.slice(0, query.limit) : rows;
    // Past the last machine no row carries the window count: it is counted on its own.
    const total = rows[0]?.total ?? (after ? await this.count(visible, query) : 0);
    return { rows: page, total, more };
  }

  /** How many machines `visible` allows and the filters keep. */
  private async count(visible: SQL, query: TApplianceListQuery): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appliances)
      .leftJoin(applianceStates, eq(applianceStates.serialNumber, appliances.serialNumber))
      .where(and(visible, ...listFilters(query)));
    return rows[0]?.n ?? 0;
  }

  /** The distinct service companies of the machines `visible` allows. */
  async companyCodes(visible: SQL): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ code: appliances.companyCode })
      .from(appliances)
      .where(and(visible, isNotNull(appliances.companyCode)))
      .orderBy(asc(appliances.companyCode));
    return rows.flatMap((r) => (r.code ? [r.code] : []));
  }

  /** Only the serial numbers of what `visible` allows (the push channel's filter). */
  async serials(visible: SQL): Promise<string[]> {
    const rows = await this.db.select({ serial: appliances.serialNumber }).from(appliances).where(visible);
    return rows.map((r) => r.serial);
  }

  /** `serials` of each condition, in their order, in one statement (a `union all` of one select per condition). */
  async serialsMany(conditions: readonly SQL[]): Promise<string[][]> {
    const found = conditions.map((): string[] => []);
    if (conditions.length === 0) return found;
    const selects = conditions.map(
      (visible, i) => sql`select ${i}::int as n, ${appliances.serialNumber} as serial from ${appliances} where ${visible}`,
    );
    const result = await this.db.execute(sql.join(selects, sql` union all `));
    for (const { n, serial } of rowsOf<{ n: number; serial: string }>(result)) found[n]?.push(serial);
    return found;
  }

  async update(serialNumber: string, values: Partial<typeof appliances.$inferInsert>): Promise<void> {
    try {
      await this.db.update(appliances).set(values).where(eq(appliances.serialNumber, serialNumber));
    } finally {
      this.changed.access();
    }
  }

  async markAllOffline(): Promise<void> {
    try {
      await this.db.update(applianceStates).set({ online: false }).where(eq(applianceStates.online, true));
    } finally {
      this.changed.state();
    }
  }

  async state(serialNumber: string): Promise<TApplianceState | undefined> {
    const rows = await this.db.select().from(applianceStates).where(eq(applianceStates.serialNumber, serialNumber));
    return rows[0];
  }

  async updateState(serialNumber: string, values: Partial<typeof applianceStates.$inferInsert>): Promise<void> {
    try {
      await this.db
        .update(applianceStates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(applianceStates.serialNumber, serialNumber));
    } finally {
      this.changed.state([serialNumber]);
    }
  }

  /** Counts a wrong claiming code; answers the new count. */
  async countClaimFailure(serialNumber: string): Promise<number> {
    try {
      const rows = await this.db
        .update(applianceStates)
        .set({ claimingFailedAttempts: sql`${applianceStates.claimingFailedAttempts} + 1` })
        .where(eq(applianceStates.serialNumber, serialNumber))
        .returning({ n: applianceStates.claimingFailedAttempts });
      return rows[0]?.n ?? 0;
    } finally {
      this.changed.state([serialNumber]);
    }
  }

  async insertCommand(command: typeof applianceCommands.$inferInsert): Promise<void> {
    await this.db.insert(applianceCommands).values(command);
  }

  async finishCommand(id: string, status: TCommandStatus, error: string | null): Promise<void> {
    await this.db
      .update(applianceCommands)
      .set({ status, error, answeredAt: sql`now()` })
      .where(and(eq(applianceCommands.id, id), eq(applianceCommands.status, 'pending')));
  }
}
