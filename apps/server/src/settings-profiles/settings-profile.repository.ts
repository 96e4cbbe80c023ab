import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { TBrandCode, TGamma } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { TTransaction } from '../db/transaction';
import type { TManagedCompanies } from '../company/company-scope';
import { companies, settingsProfiles } from '../db/schema/index';
import { ofManagedCompanies } from '../company/company.repository';

export type TSettingsProfileRow = typeof settingsProfiles.$inferSelect & { companyCode: string; companyName: string };
type TModelOf = { companyId: string; modelNumber: string; gamma: TGamma };

/** SQL of the settings profiles (docs/customers.md, "Settings profiles"). */
export class SettingsProfileRepository {
  constructor(private readonly db: TDb) {}

  /** The same repository inside the transaction `t`. */
  in(t: TTransaction): SettingsProfileRepository {
    return new SettingsProfileRepository(t.tx);
  }

  private select() {
    return this.db
      .select({ profile: settingsProfiles, companyCode: companies.code, companyName: companies.name })
      .from(settingsProfiles)
      .innerJoin(companies, eq(companies.id, settingsProfiles.companyId));
  }

  /** The profiles of `managed`, optionally of one model, by model number and name. */
  async list(brand: TBrandCode, managed: TManagedCompanies, model: { modelNumber?: string; gamma?: TGamma }) {
    const rows = await this.select()
      .where(
        and(
          this.scope(brand, managed),
          model.modelNumber ? eq(settingsProfiles.modelNumber, model.modelNumber) : undefined,
          model.gamma ? eq(settingsProfiles.gamma, model.gamma) : undefined,
        ),
      )
      .orderBy(asc(settingsProfiles.modelNumber), asc(sql`lower(${settingsProfiles.name})`), asc(settingsProfiles.id));
    return rows.map((r): TSettingsProfileRow => ({ ...r.profile, companyCode: r.companyCode, companyName: r.companyName }));
  }

  async find(brand: TBrandCode, id: string, managed: TManagedCompanies): Promise<TSettingsProfileRow | undefined> {
    const rows = await this.select().where(and(eq(settingsProfiles.id, id), this.scope(brand, managed)));
    const row = rows[0];
    return row && { ...row.profile, companyCode: row.companyCode, companyName: row.companyName };
  }

  async insert(profile: typeof settingsProfiles.$inferInsert): Promise<string> {
    const rows = await this.db.insert(settingsProfiles).values(profile).returning({ id: settingsProfiles.id });
    const row = rows[0];
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  async update(id: string, patch: Partial<Pick<typeof settingsProfiles.$inferInsert, 'name' | 'values' | 'isDefault'>>) {
    await this.db
      .update(settingsProfiles)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(settingsProfiles.id, id));
  }

  /** Takes the default flag from every other profile of the same model and company. */
  async clearDefault(model: TModelOf, exceptId?: string): Promise<void> {
    await this.db
      .update(settingsProfiles)
      .set({ isDefault: false })
      .where(
        and(
          eq(settingsProfiles.companyId, model.companyId),
          eq(settingsProfiles.modelNumber, model.modelNumber),
          eq(settingsProfiles.gamma, model.gamma),
          eq(settingsProfiles.isDefault, true),
          exceptId ? ne(settingsProfiles.id, exceptId) : undefined,
        ),
      );
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(settingsProfiles).where(eq(settingsProfiles.id, id));
  }

  private scope(brand: TBrandCode, managed: TManagedCompanies): SQL {
    return ofManagedCompanies(settingsProfiles, brand, managed);
  }
}
