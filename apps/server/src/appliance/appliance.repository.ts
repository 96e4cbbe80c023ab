import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../db/database';
import { alarms, applianceCommands, appliances, applianceStates, haccpEvents, type TCommandStatus } from '../db/schema/index';

export type TAppliance = typeof appliances.$inferSelect;
export type TApplianceState = typeof applianceStates.$inferSelect;
export type TApplianceWithState = { appliance: TAppliance; state: TApplianceState | null };

/** SQL of appliances, their live state, HACCP events, alarms and commands. */
export class ApplianceRepository {
  constructor(private readonly db: TDb) {}

  /** Creates the product and its (offline) state row; false when the serial number exists. */
  async insert(appliance: typeof appliances.$inferInsert): Promise<boolean> {
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

  async find(serialNumber: string): Promise<TAppliance | undefined> {
    const rows = await this.db.select().from(appliances).where(eq(appliances.serialNumber, serialNumber));
    return rows[0];
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

  async list(visible: SQL): Promise<TApplianceWithState[]> {
    return this.db
      .select({ appliance: appliances, state: applianceStates })
      .from(appliances)
      .leftJoin(applianceStates, eq(applianceStates.serialNumber, appliances.serialNumber))
      .where(visible)
      .orderBy(asc(sql`lower(coalesce(${appliances.applianceName}, ${appliances.serialNumber}))`), asc(appliances.serialNumber));
  }

  /** Only the serial numbers of what `visible` allows (the push channel's filter). */
  async serials(visible: SQL): Promise<string[]> {
    const rows = await this.db.select({ serial: appliances.serialNumber }).from(appliances).where(visible);
    return rows.map((r) => r.serial);
  }

  /** Open alarms per machine. */
  async openAlarmCounts(serials: string[]): Promise<Map<string, number>> {
    if (serials.length === 0) return new Map();
    const rows = await this.db
      .select({ serial: alarms.serialNumber, n: sql<number>`count(*)::int` })
      .from(alarms)
      .where(and(inArray(alarms.serialNumber, serials), sql`${alarms.stopDate} IS NULL`))
      .groupBy(alarms.serialNumber);
    return new Map(rows.map((r) => [r.serial, Number(r.n)]));
  }

  async update(serialNumber: string, values: Partial<typeof appliances.$inferInsert>): Promise<void> {
    await this.db.update(appliances).set(values).where(eq(appliances.serialNumber, serialNumber));
  }

  async markAllOffline(): Promise<void> {
    await this.db.update(applianceStates).set({ online: false }).where(eq(applianceStates.online, true));
  }

  async state(serialNumber: string): Promise<TApplianceState | undefined> {
    const rows = await this.db.select().from(applianceStates).where(eq(applianceStates.serialNumber, serialNumber));
    return rows[0];
  }

  async updateState(serialNumber: string, values: Partial<typeof applianceStates.$inferInsert>): Promise<void> {
    await this.db
      .update(applianceStates)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(applianceStates.serialNumber, serialNumber));
  }

  /** Counts a wrong claiming code; answers the new count. */
  async countClaimFailure(serialNumber: string): Promise<number> {
    const rows = await this.db
      .update(applianceStates)
      .set({ claimingFailedAttempts: sql`${applianceStates.claimingFailedAttempts} + 1` })
      .where(eq(applianceStates.serialNumber, serialNumber))
      .returning({ n: applianceStates.claimingFailedAttempts });
    return rows[0]?.n ?? 0;
  }

  async events(serialNumber: string, from: Date, to: Date) {
    return this.db
      .select()
      .from(haccpEvents)
      .where(and(eq(haccpEvents.serialNumber, serialNumber), gte(haccpEvents.start, from), lte(haccpEvents.start, to)))
      .orderBy(desc(haccpEvents.start))
      .limit(5000);
  }

  async event(serialNumber: string, id: string) {
    const rows = await this.db
      .select()
      .from(haccpEvents)
      .where(and(eq(haccpEvents.serialNumber, serialNumber), eq(haccpEvents.id, id)));
    return rows[0];
  }

  /** Alarms that were active at any moment of [from, to]. */
  async alarms(serialNumber: string, from: Date, to: Date) {
    return this.db
      .select()
      .from(alarms)
      .where(
        and(
          eq(alarms.serialNumber, serialNumber),
          lte(alarms.startDate, to),
          sql`(${alarms.stopDate} IS NULL OR ${alarms.stopDate} >= ${from.toISOString()})`,
        ),
      )
      .orderBy(desc(alarms.startDate))
      .limit(5000);
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
