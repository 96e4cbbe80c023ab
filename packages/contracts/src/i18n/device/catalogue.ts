import type { TAlarmCode, TAlarmSeverity, TAlarmSolution } from '../../device/alarms';
import type { TCycleField, TParameterCode, TParameterGroup } from '../../device/parameters';
import type { Widen } from '../catalogue';
import type { deviceEn } from './en';

/** The shape every language's `device` texts must have: exactly the keys of the English ones. */
export type TDeviceCatalogue = Widen<typeof deviceEn>;

type TLabelled = { readonly label: string; readonly description: string };

/**
 * What the English texts must cover, checked when they are compiled: a text for every alarm,
 * solution, severity, parameter, group and cycle field of the device catalogues, and the word for cycles.
 * (Extra keys and the enumeration options are checked by `catalogue.spec.ts`.)
 */
export type TDeviceTextsCoverage = {
  readonly severities: Readonly<Record<TAlarmSeverity, string>>;
  readonly alarms: Readonly<Record<TAlarmCode, string>>;
  readonly solutions: Readonly<Record<TAlarmSolution, string>>;
  readonly parameterGroups: Readonly<Record<TParameterGroup, string>>;
  readonly parameters: Readonly<Record<TParameterCode, TLabelled>>;
  readonly cycleFields: Readonly<Record<TCycleField, TLabelled>>;
  readonly parameterOptions: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The word after a number of cycles; the other units are written as symbols (`UNIT_SYMBOLS`). */
  readonly units: { readonly cycles: string };
};
