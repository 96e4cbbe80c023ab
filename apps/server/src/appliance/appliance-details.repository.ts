import { and, asc, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { TGamma } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { appliances, applianceStats } from '../db/schema/index';
import type { TDeviceStats } from '@washboard/contracts';

/** Snapshots of the counters answered for one range at most (about a month of a busy kitchen). */
export const STATISTICS_HISTORY_LIMIT = 5000;

/** SQL of the device details page beyond the appliance itself: counters over time, models. */
export class ApplianceDetailsRepository {
  constructor(private readonly db: TDb) {}

  /** One machine of `modelNumber` that `visible` (the caller's scope) allows, or undefined. */
  async visibleModel(modelNumber: string, visible: SQL): Promise<{ gamma: TGamma } | undefined> {
    const rows = await this.db
      .select({ gamma: appliances.gamma })
      .from(appliances)
      .where(and(eq(appliances.modelNumber, modelNumber), visible))
      .orderBy(asc(appliances.serialNumber))
      .limit(1);
    return rows[0];
  }

  /** The counters reported in [from, to], oldest first; the newest STATISTICS_HISTORY_LIMIT when there are more. */
  async stats(serialNumber: string, from: Date, to: Date): Promise<TDeviceStats[]> {
    const rows = await this.db
      .select({ stats: applianceStats.stats })
      .from(applianceStats)
      .where(and(eq(applianceStats.serialNumber, serialNumber), gte(applianceStats.ts, from), lte(applianceStats.ts, to)))
      .orderBy(desc(applianceStats.ts), desc(applianceStats.id))
      .limit(STATISTICS_HISTORY_LIMIT);
    return rows.map((r) => r.stats).reverse();
  }

  /** The newest counter report of a machine, if it ever sent one. */
  async latestStats(serialNumber: string): Promise<TDeviceStats | undefined> {
    const rows = await this.db
      .select({ stats: applianceStats.stats })
      .from(applianceStats)
      .where(eq(applianceStats.serialNumber, serialNumber))
      .orderBy(desc(applianceStats.ts), desc(applianceStats.id))
      .limit(1);
    return rows[0]?.stats;
  }
}
