import { and, count, eq, isNull } from 'drizzle-orm';
import type { TBrandCode, TGamma } from '@washboard/contracts';
import type { TDb } from '../db/database';
import type { TTransaction } from '../db/transaction';
import { appliances, defaultParameters } from '../db/schema/index';

/** A model of a brand: its model number within its range. */
export type TModel = { brand: TBrandCode; modelNumber: string; gamma: TGamma };

/** SQL of the models' default parameter lists: only the values that differ from the catalogue are rows. */
export class DefaultParameterRepository {
  constructor(private readonly db: TDb) {}

  /** The same repository inside `t` (a change and its audit record commit together). */
  in(t: TTransaction): DefaultParameterRepository {
    return new DefaultParameterRepository(t.tx);
  }

  /** The brand's models that have products (deleted ones not counted), with how many. */
  async productModels(brand: TBrandCode): Promise<(Omit<TModel, 'brand'> & { products: number })[]> {
    return this.db
      .select({ modelNumber: appliances.modelNumber, gamma: appliances.gamma, products: count() })
      .from(appliances)
      .where(and(eq(appliances.brand, brand), isNull(appliances.deletedAt)))
      .groupBy(appliances.modelNumber, appliances.gamma);
  }

  /** Every stored value of the brand, of every model. */
  async ofBrand(brand: TBrandCode): Promise<(Omit<TModel, 'brand'> & { code: string; value: number })[]> {
    return this.db
      .select({
        modelNumber: defaultParameters.modelNumber,
        gamma: defaultParameters.gamma,
        code: defaultParameters.code,
        value: defaultParameters.value,
      })
      .from(defaultParameters)
      .where(eq(defaultParameters.brand, brand));
  }

  /** The stored values of one model, by parameter key. */
  async stored(model: TModel): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ code: defaultParameters.code, value: defaultParameters.value })
      .from(defaultParameters)
      .where(this.ofModel(model));
    return Object.fromEntries(rows.map((row) => [row.code, row.value]));
  }

  /** Whether the brand has a product of this model that is not deleted. */
  async hasProducts(model: TModel): Promise<boolean> {
    const rows = await this.db
      .select({ serialNumber: appliances.serialNumber })
      .from(appliances)
      .where(
        and(
          eq(appliances.brand, model.brand),
          eq(appliances.modelNumber, model.modelNumber),
          eq(appliances.gamma, model.gamma),
          isNull(appliances.deletedAt),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Stores one value of a model's list (replacing the one stored before). */
  async set(model: TModel, code: string, value: number, updatedBy: string): Promise<void> {
    const updatedAt = new Date();
    await this.db
      .insert(defaultParameters)
      .values({ ...model, code, value, updatedBy, updatedAt })
      .onConflictDoUpdate({
        target: [defaultParameters.brand, defaultParameters.modelNumber, defaultParameters.gamma, defaultParameters.code],
        set: { value, updatedBy, updatedAt },
      });
  }

  /** Forgets one stored value: the model takes the catalogue's default again. */
  async reset(model: TModel, code: string): Promise<void> {
    await this.db.delete(defaultParameters).where(and(this.ofModel(model), eq(defaultParameters.code, code)));
  }

  private ofModel(model: TModel) {
    return and(
      eq(defaultParameters.brand, model.brand),
      eq(defaultParameters.modelNumber, model.modelNumber),
      eq(defaultParameters.gamma, model.gamma),
    );
  }
}
