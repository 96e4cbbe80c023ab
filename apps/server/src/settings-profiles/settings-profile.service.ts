import {
  canEditFactoryParameters,
  checkParameterValue,
  defaultParameterRows,
  parameterByKey,
  type TGamma,
  type TProfileParameterOutcome,
  type TSettingsProfile,
  type TSettingsProfileApplyResult,
  type TSettingsProfileDetail,
  type TSettingsProfileCreate,
  type TSettingsProfileUpdate,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { Transactions } from '../db/transaction';
import type { ApplianceService } from '../appliance/appliance.service';
import type { CompanyScope } from '../company/company-scope';
import type { DeviceDataService } from '../device/device-data.service';
import { withBounds, type DefaultParameterService } from '../default-parameters/default-parameters.service';
import { isUniqueViolation } from '../appliance/product-import.repository';
import type { SettingsProfileRepository, TSettingsProfileRow } from './settings-profile.repository';
import { profileAnswers, profileValuesFor, type SettingsProfileResolver, type TMachineModel } from './settings-profile-resolver';

function view(row: TSettingsProfileRow): TSettingsProfile {
  return {
    id: row.id,
    name: row.name,
    modelNumber: row.modelNumber,
    gamma: row.gamma,
    isDefault: row.isDefault,
    companyCode: row.companyCode,
    companyName: row.companyName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A factory parameter (catalogue `kind: factory`). */
function isFactory(key: string): boolean {
  return parameterByKey(key)?.kind === 'factory';
}

/**
 * Settings profiles (device-areas §3, docs/customers.md): named parameter sets per model, owned by a
 * company and managed like its customers (CompanyScope); edited within the catalogue's bounds like
 * the parameter editor; applied to a machine through the parameter-write command (`params-set`).
 */
export class SettingsProfileService {
  constructor(
    private readonly repository: SettingsProfileRepository,
    private readonly scope: CompanyScope,
    private readonly appliances: ApplianceService,
    private readonly defaults: DefaultParameterService,
    private readonly devices: DeviceDataService,
    private readonly transactions: Transactions,
    private readonly resolver: SettingsProfileResolver,
  ) {}

  /** The profiles the caller manages, optionally of one model. */
  async list(user: TAuthUser, model: { modelNumber?: string; gamma?: TGamma }): Promise<TSettingsProfile[]> {
    return (await this.repository.list(user.brand, await this.scope.managed(user), model)).map(view);
  }

  /** A profile with every parameter of its range and the catalogue's bounds. */
  async detail(user: TAuthUser, id: string): Promise<TSettingsProfileDetail> {
    const row = await this.managed(user, id);
    return { ...view(row), parameters: defaultParameterRows(row.gamma, row.values).map(withBounds) };
  }

  /**
   * Creates a profile from the model's default parameter list, or from a machine the caller sees (its
   * last reported values over its model's defaults). As default, it takes the flag from the model's
   * other default profile of the company.
   */
  async create(user: TAuthUser, body: TSettingsProfileCreate): Promise<TSettingsProfileDetail> {
    const company = await this.scope.target(user, body.companyCode);
    const { model, values } = await this.startingValues(user, body.from);
    const id = await this.writeDefault(async (repository) => {
      if (body.isDefault) await repository.clearDefault({ companyId: company.id, ...model });
      return repository.insert({
        brand: user.brand,
        companyId: company.id,
        name: body.name,
        ...model,
        values,
        isDefault: body.isDefault ?? false,
        createdBy: user.id,
      });
    });
    return this.detail(user, id);
  }

  /**
   * Renames, flags or changes values of a profile: each value within the catalogue's bounds for the
   * range (400 VALUE_OUT_OF_RANGE naming them; nothing changes), factory parameters only for
   * SERVICE_MANAGER and ADMIN (403), as in the parameter editor.
   */
  async update(user: TAuthUser, id: string, patch: TSettingsProfileUpdate): Promise<TSettingsProfileDetail> {
    const row = await this.managed(user, id);
    const changes = patch.values ?? {};
    const refused = Object.entries(changes).filter(([key, value]) => checkParameterValue(key, value, row.gamma) !== 'ok');
    if (refused.length > 0) throw new AppError('VALUE_OUT_OF_RANGE', { fields: refused.map(([k]) => k).join(', ') });
    const factoryChanged = Object.entries(changes).some(([key, value]) => isFactory(key) && row.values[key] !== value);
    if (factoryChanged && !canEditFactoryParameters(user)) throw new AppError('FORBIDDEN');
    await this.writeDefault(async (repository) => {
      if (patch.isDefault) await repository.clearDefault(row, row.id);
      await repository.update(row.id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.isDefault !== undefined ? { isDefault: patch.isDefault } : {}),
        ...(patch.values ? { values: { ...row.values, ...changes } } : {}),
      });
      return row.id;
    });
    return this.detail(user, id);
  }

  async delete(user: TAuthUser, id: string): Promise<void> {
    await this.repository.delete((await this.managed(user, id)).id);
  }

  /**
   * Sends a profile's values to a machine the caller sees through the parameter-write command (only
   * those that differ from what the machine last reported) and answers, per parameter, what the
   * machine did. A machine that is offline or does not answer is an error, as for any command.
   */
  async apply(user: TAuthUser, id: string, serialNumber: string): Promise<TSettingsProfileApplyResult> {
    const profile = await this.managed(user, id);
    const { appliance, state } = await this.appliances.visible(user, serialNumber);
    const { values, skipped } = profileValuesFor(user, profile, appliance);
    const known = state.parameters ?? {};
    const toSend = Object.fromEntries(Object.entries(values).filter(([key, value]) => known[key] !== value));
    let rejected: string[] | undefined;
    if (Object.keys(toSend).length > 0) {
      try {
        await this.devices.command(user, serialNumber, { name: 'params-set', args: { values: toSend } });
      } catch (error) {
        // The machine refused some values: it changed nothing, and says which (CommandService).
        const refused = error instanceof AppError && error.code === 'VALUE_OUT_OF_RANGE' ? error.details.rejected : undefined;
        if (!Array.isArray(refused)) throw error;
        rejected = refused.map(String);
      }
    }
    const outcome = (key: string): TProfileParameterOutcome => {
      if (skipped.includes(key)) return 'skipped';
      if (!(key in toSend)) return 'unchanged';
      if (!rejected) return 'applied';
      return rejected.includes(key) ? 'rejected' : 'notApplied';
    };
    return { serialNumber, ok: rejected === undefined, parameters: profileAnswers(profile, known, outcome) };
  }

  /** The model and values a new profile starts from. */
  private async startingValues(
    user: TAuthUser,
    from: TSettingsProfileCreate['from'],
  ): Promise<{ model: TMachineModel; values: Record<string, number> }> {
    if (from.source === 'defaults') {
      const model = { gamma: from.gamma, modelNumber: from.modelNumber };
      return { model, values: await this.defaults.valuesFor({ ...model, brand: user.brand }) };
    }
    const { appliance, state } = await this.appliances.visible(user, from.serialNumber);
    const model = { gamma: appliance.gamma, modelNumber: appliance.modelNumber };
    const values = await this.defaults.valuesFor(appliance);
    for (const [key, value] of Object.entries(state.parameters ?? {}))
      if (key in values && checkParameterValue(key, value, appliance.gamma) === 'ok') values[key] = value;
    return { model, values };
  }

  /** Runs a write that may move the default flag in one transaction; a concurrent default answers 409 CONFLICT. */
  private async writeDefault(work: (repository: SettingsProfileRepository) => Promise<string>): Promise<string> {
    try {
      return await this.transactions.run((t) => work(this.repository.in(t)));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT');
      throw error;
    }
  }

  private managed(user: TAuthUser, id: string): Promise<TSettingsProfileRow> {
    return this.resolver.managed(user, id);
  }
}
