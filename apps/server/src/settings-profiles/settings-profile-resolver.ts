import {
  canEditFactoryParameters,
  parameterByKey,
  parametersFor,
  type TGamma,
  type TProfileParameterAnswer,
  type TProfileParameterOutcome,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { CompanyScope } from '../company/company-scope';
import type { SettingsProfileRepository, TSettingsProfileRow } from './settings-profile.repository';

/** A model of a machine, as a profile names it. */
export type TMachineModel = { gamma: TGamma; modelNumber: string };

/** What a profile sets on a machine: the values sent, and the factory ones left out for the caller's role. */
export type TProfileValues = { values: Record<string, number>; skipped: string[] };

/**
 * The values `row` sets on a machine of `machine`'s model: 409 SETTINGS_PROFILE_MODEL_MISMATCH for
 * another model; factory parameters are left out (`skipped`) for roles that may not write them.
 */
export function profileValuesFor(user: TAuthUser, row: TSettingsProfileRow, machine: TMachineModel): TProfileValues {
  if (row.gamma !== machine.gamma || row.modelNumber !== machine.modelNumber)
    throw new AppError('SETTINGS_PROFILE_MODEL_MISMATCH');
  const factoryAllowed = canEditFactoryParameters(user);
  const values: Record<string, number> = {};
  const skipped: string[] = [];
  for (const [key, value] of Object.entries(row.values)) {
    if (parameterByKey(key)?.kind === 'factory' && !factoryAllowed) skipped.push(key);
    else values[key] = value;
  }
  return { values, skipped };
}

/**
 * The machine's answer for each of the profile's parameters, in the catalogue's order: its value
 * (the one sent, where `sent` differs from the profile; the profile's where nothing was sent), what
 * the machine held before (`known`, as it last reported) and `outcome`.
 */
export function profileAnswers(
  row: TSettingsProfileRow,
  known: Record<string, number>,
  outcome: (key: string) => TProfileParameterOutcome,
  sent: Record<string, number> = row.values,
): TProfileParameterAnswer[] {
  return parametersFor(row.gamma)
    .filter((param) => param.key in row.values)
    .map((param) => ({
      code: param.key,
      value: sent[param.key] ?? row.values[param.key] ?? param.default,
      previous: known[param.key] ?? null,
      outcome: outcome(param.key),
    }));
}

/**
 * Finds the settings profiles a caller manages (CompanyScope) and what they set on a machine: the
 * part of the profiles that the `install` command needs, apart from `SettingsProfileService`, which
 * itself sends commands.
 */
export class SettingsProfileResolver {
  constructor(
    private readonly repository: SettingsProfileRepository,
    private readonly scope: CompanyScope,
  ) {}

  /** A profile the caller manages; 404 SETTINGS_PROFILE_NOT_FOUND for any other. */
  async managed(user: TAuthUser, id: string): Promise<TSettingsProfileRow> {
    const row = await this.repository.find(user.brand, id, await this.scope.managed(user));
    if (!row) throw new AppError('SETTINGS_PROFILE_NOT_FOUND');
    return row;
  }

  /** The profile `id` and what it sets on a machine of `machine`'s model (see `profileValuesFor`). */
  async resolve(user: TAuthUser, id: string, machine: TMachineModel): Promise<TProfileValues & { row: TSettingsProfileRow }> {
    const row = await this.managed(user, id);
    return { row, ...profileValuesFor(user, row, machine) };
  }
}
