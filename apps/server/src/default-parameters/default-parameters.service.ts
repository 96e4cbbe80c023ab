import {
  checkParameterValue,
  defaultParameterRows,
  defaultParameterValues,
  hasAdminProfile,
  parameterByKey,
  type TDefaultParameter,
  type TDefaultParameterList,
  type TDefaultParameterModel,
  type TDefaultParameterRow,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { AuditService, TAuditEntry } from '../audit/audit.service';
import type { Transactions } from '../db/transaction';
import type { DefaultParameterRepository, TModel } from './default-parameters.repository';

type TModelRef = Omit<TModel, 'brand'>;

/** The row with the catalogue's bounds, unit and scale, to show it. */
export function withBounds(row: TDefaultParameterRow): TDefaultParameter {
  const param = parameterByKey(row.code);
  if (!param) throw new Error(`${row.code} is not in the catalogue`);
  return { ...row, min: param.min, max: param.max, unit: param.unit, scale: param.scale };
}

/**
 * The models' default parameter lists (Manage Products, accounts-sessions-admin §2): read and
 * edited by ADMIN or the PRODUCTS profile within the catalogue's bounds; `restore-presets` sends a
 * machine its model's list (`valuesFor`).
 */
export class DefaultParameterService {
  constructor(
    private readonly repository: DefaultParameterRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  /** Writes one value's change and its audit record in one transaction. */
  private async change(
    user: TAuthUser,
    ref: TModelRef,
    code: string,
    stored: Record<string, number>,
    value: number | null,
  ): Promise<void> {
    const model = { ...ref, brand: user.brand };
    const catalogueDefault = parameterByKey(code)?.default;
    const entry: TAuditEntry = {
      action: value === null ? 'defaults.reset' : 'defaults.set',
      target: { kind: 'model', id: `${ref.gamma}/${ref.modelNumber}`, label: ref.modelNumber },
      before: { [code]: stored[code] ?? catalogueDefault ?? null },
      after: { [code]: value ?? catalogueDefault ?? null },
    };
    await this.transactions.run(async (t) => {
      const repository = this.repository.in(t);
      // The catalogue's own default is not stored: the value then follows the catalogue again.
      if (value === null || catalogueDefault === value) await repository.reset(model, code);
      else await repository.set(model, code, value, user.id);
      await this.audit.record(user, entry, t);
    });
  }

  /**
   * The brand's models: every model number and range of its products, and any model that still has
   * stored values after its last product was deleted, with its products and edited values.
   */
  async models(user: TAuthUser): Promise<TDefaultParameterModel[]> {
    requireProducts(user);
    const [withProducts, stored] = await Promise.all([
      this.repository.productModels(user.brand),
      this.repository.ofBrand(user.brand),
    ]);
    const key = (m: TModelRef) => `${m.gamma}\u0000${m.modelNumber}`;
    const models = new Map<string, TDefaultParameterModel>();
    for (const m of withProducts)
      models.set(key(m), { modelNumber: m.modelNumber, gamma: m.gamma, products: m.products, edited: 0 });
    for (const row of stored) {
      const model = models.get(key(row)) ?? { modelNumber: row.modelNumber, gamma: row.gamma, products: 0, edited: 0 };
      if (parameterByKey(row.code)?.default !== row.value) model.edited += 1;
      models.set(key(row), model);
    }
    return [...models.values()].sort(
      (a, b) => a.modelNumber.localeCompare(b.modelNumber, 'en') || a.gamma.localeCompare(b.gamma, 'en'),
    );
  }

  /** A model's whole list, in catalogue order; 404 MODEL_NOT_FOUND for a model the brand does not have. */
  async list(user: TAuthUser, ref: TModelRef): Promise<TDefaultParameterList> {
    requireProducts(user);
    const model = { ...ref, brand: user.brand };
    const stored = await this.repository.stored(model);
    if (Object.keys(stored).length === 0 && !(await this.repository.hasProducts(model))) throw new AppError('MODEL_NOT_FOUND');
    return { ...ref, parameters: defaultParameterRows(ref.gamma, stored).map(withBounds) };
  }

  /**
   * Sets one value of a model's list: 404 for a parameter the range does not have, 400
   * VALUE_OUT_OF_RANGE outside the catalogue's bounds (nothing changes). The catalogue's own default
   * is not stored: the value then follows the catalogue again.
   */
  async set(user: TAuthUser, ref: TModelRef, code: string, value: number): Promise<TDefaultParameter> {
    const { stored } = await this.editable(user, ref, code);
    const check = checkParameterValue(code, value, ref.gamma);
    if (check !== 'ok') throw new AppError('VALUE_OUT_OF_RANGE', { fields: code });
    await this.change(user, ref, code, stored, value);
    return this.row(ref, { ...stored, [code]: value }, code);
  }

  /** Puts one value of a model's list back to the catalogue's default. */
  async reset(user: TAuthUser, ref: TModelRef, code: string): Promise<TDefaultParameter> {
    const { stored } = await this.editable(user, ref, code);
    await this.change(user, ref, code, stored, null);
    const { [code]: _dropped, ...rest } = stored;
    return this.row(ref, rest, code);
  }

  /** What `restore-presets` sends a machine: its model's whole list (no access check: the caller's command was checked). */
  async valuesFor(machine: TModel): Promise<Record<string, number>> {
    return defaultParameterValues(machine.gamma, await this.repository.stored(machine));
  }

  private async editable(user: TAuthUser, ref: TModelRef, code: string) {
    requireProducts(user);
    const model = { ...ref, brand: user.brand };
    if (checkParameterValue(code, 0, ref.gamma) === 'unknown') throw new AppError('NOT_FOUND');
    const stored = await this.repository.stored(model);
    if (Object.keys(stored).length === 0 && !(await this.repository.hasProducts(model))) throw new AppError('MODEL_NOT_FOUND');
    return { model, stored };
  }

  private row(ref: TModelRef, stored: Record<string, number>, code: string): TDefaultParameter {
    const row = defaultParameterRows(ref.gamma, stored).find((r) => r.code === code);
    if (!row) throw new Error(`${code} is not a parameter of ${ref.gamma}`);
    return withBounds(row);
  }
}

/** The default parameter lists are part of Manage Products: ADMIN or the PRODUCTS profile (docs/permissions.md); 403 otherwise. */
function requireProducts(user: TAuthUser): void {
  if (!hasAdminProfile(user, 'PRODUCTS')) throw new AppError('FORBIDDEN');
}
