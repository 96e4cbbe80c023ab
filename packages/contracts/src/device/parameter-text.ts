import type { TGamma } from '../appliance/gamma';
import {
  machineUnitSystem,
  parameterDisplayUnit,
  toggleWords,
  toParameterDisplayValue,
  UNIT_SYSTEM_PARAMETER,
  type TParameter,
  type TParameterUnit,
} from './parameters';
import { displayUnits, UNIT_SYMBOLS, type TUnitSystem } from './units';

/** Where a parameter's value text comes from: the language's two catalogues and its numbers. */
export type TParameterTextSources = {
  /** A text of the main catalogue (`toggles.enabled`, `units.metric`). */
  text: (key: string) => string;
  /** A text of the `device` catalogue (`parameterOptions.S40.cold`, `units.cycles`); undefined when it has none. */
  deviceText: (key: string) => string | undefined;
  /** A number with at most `digits` decimals, as the language writes it, without grouping. */
  number: (value: number, digits: number) => string;
};

/**
 * The decimals a parameter's value is written with in `system`: enough for every raw value to come
 * back unchanged when read (tenths of °C: 0.1 °C, 0.1 °F; gallons 0.01; minutes 0.01; hours 0.001).
 */
export function parameterFractionDigits(param: TParameter, system: TUnitSystem): number {
  const unit = parameterDisplayUnit(param, system);
  if (unit === 'usGallon') return 2;
  if (unit === 'fahrenheit') return 1;
  if (param.scale >= 3600) return 3;
  if (param.scale >= 60) return 2;
  if (param.scale >= 10) return 1;
  return 0;
}

/** The symbol after a value ('°C', 'min'); empty for plain numbers, options, on/off and cycles (a word, in the device texts). */
export function parameterUnitSymbol(unit: TParameterUnit): string {
  return unit === 'cycles' || unit === 'none' || unit === 'enum' || unit === 'boolean' ? '' : UNIT_SYMBOLS[unit];
}

/**
 * A raw parameter value as the editors write it, for every screen and document that names one:
 * "85 °C" or "185 °F", "45 min", an option's name ("Cold"), on/off in its parameter's words
 * ("Enabled"/"Disabled", "Present"/"Absent", "Active"/"Inhibited"), the unit system as the
 * machine's range offers it (°C or °F on Hiline). An option without a name is its number.
 */
export function parameterValueText(
  param: TParameter,
  raw: number,
  system: TUnitSystem,
  gamma: TGamma | undefined,
  sources: TParameterTextSources,
): string {
  if (param.code === UNIT_SYSTEM_PARAMETER) {
    return sources.text(`units.${displayUnits(machineUnitSystem({ [UNIT_SYSTEM_PARAMETER]: raw }), gamma).label}`);
  }
  if (param.unit === 'boolean') {
    const [on, off] = toggleWords(param);
    return sources.text(raw === 1 ? on : off);
  }
  const option = param.options && Object.entries(param.options).find(([, value]) => value === raw)?.[0];
  const named = option ? sources.deviceText(`parameterOptions.${param.code ?? ''}.${option}`) : undefined;
  if (named) return named;
  const unit = parameterDisplayUnit(param, system);
  const symbol = unit === 'cycles' ? (sources.deviceText('units.cycles') ?? '') : parameterUnitSymbol(unit);
  const shown = sources.number(toParameterDisplayValue(param, raw, system), parameterFractionDigits(param, system));
  return symbol ? `${shown} ${symbol}` : shown;
}
