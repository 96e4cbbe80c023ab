import type { TGamma } from '../appliance/gamma';
import { PARAMETERS, parametersFor, type TParameter, type TParameterKind } from './parameters';

/**
 * The default parameter list of a model (accounts-sessions-admin §2, device-areas §3): for every
 * parameter of the model's range, the value `restore-presets` brings a machine of that model back
 * to. Only the values an administrator changed are stored; every other one is the catalogue's
 * default, so a catalogue update reaches the models nobody customised. docs/administration.md.
 */

/** The spec's type column: Cycle = 0, Factory = 1. */
export const DEFAULT_PARAMETER_TYPES = { cycle: 0, factory: 1 } as const satisfies Record<TParameterKind, number>;
export type TDefaultParameterType = (typeof DEFAULT_PARAMETER_TYPES)[TParameterKind];

/** The spec's ID column: the parameter's place in the catalogue (1-based), the same for every model and range. */
export function defaultParameterId(param: TParameter): number {
  return PARAMETERS.indexOf(param) + 1;
}

/** One row of a model's list, raw values as the machine takes them. */
export type TDefaultParameterRow = {
  id: number;
  code: string;
  type: TDefaultParameterType;
  value: number;
  /** The catalogue's default: what "reset" goes back to. */
  catalogueDefault: number;
  /** The stored value differs from the catalogue's default. */
  edited: boolean;
};

/** A model's list: every parameter of the range, at the stored value or else the catalogue's default. */
export function defaultParameterRows(gamma: TGamma, stored: Readonly<Record<string, number>>): TDefaultParameterRow[] {
  return parametersFor(gamma).map((param) => {
    const value = stored[param.key] ?? param.default;
    return {
      id: defaultParameterId(param),
      code: param.key,
      type: DEFAULT_PARAMETER_TYPES[param.kind],
      value,
      catalogueDefault: param.default,
      edited: value !== param.default,
    };
  });
}

/** The values `restore-presets` sends a machine of the model: its whole list, by parameter key. */
export function defaultParameterValues(gamma: TGamma, stored: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(defaultParameterRows(gamma, stored).map((row) => [row.code, row.value]));
}
