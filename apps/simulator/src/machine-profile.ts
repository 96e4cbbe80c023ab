import type { TGamma } from '@washboard/contracts';

/**
 * The two builds the simulator knows. An undercounter machine has a small tank and boiler on a
 * single-phase supply, so its boiler heater has priority and the tank heater waits; a hood
 * (pass-through) machine has a bigger tank, a three-phase supply and runs both heaters together.
 */
export type TMachineType = 'undercounter' | 'hood';

/**
 * Physical constants of one build. Volumes in litres, powers in kW, times in seconds. Sizes and
 * heater powers are only defaults: where the range has the parameters (SB3, SV3, S32, S33, S30),
 * the machine's parameter values decide.
 */
export type TMachineProfile = {
  type: TMachineType;
  boilerLitres: number;
  boilerHeaterKw: number;
  tankLitres: number;
  tankHeaterKw: number;
  /** the tank heater is off while the boiler heater is on (single-phase supply) */
  heaterPriority: boolean;
  /** rinse pump delivery, litres per second: the rinse volume of ranges that time their rinse */
  rinseFlow: number;
  /** a typical rinse, for estimates (softener load per cycle) */
  rinseLitres: number;
  washPumpKw: number;
  rinsePumpKw: number;
  drainPumpKw: number;
  /** inlet/fill flow through the boiler into the tank, litres per second */
  fillRate: number;
  drainRate: number;
  /** time constants of the losses to the room: a lagged boiler keeps its heat for hours */
  boilerLossTau: number;
  tankLossTau: number;
  /** spraying loses far more heat than standing water under a closed hood */
  tankWashingLossTau: number;
  /** heat capacity of a loaded rack of cold ware, kJ/K (ceramic ≈ 0.85 kJ/kg·K) */
  rackHeatCapacity: number;
  /** how quickly the ware takes up the wash water's heat */
  rackTau: number;
};

export const MACHINE_PROFILES: Readonly<Record<TMachineType, TMachineProfile>> = {
  undercounter: {
    type: 'undercounter',
    boilerLitres: 8,
    boilerHeaterKw: 5.5,
    tankLitres: 12,
    tankHeaterKw: 2.5,
    heaterPriority: true,
    rinseFlow: 0.15,
    rinseLitres: 2,
    washPumpKw: 0.6,
    rinsePumpKw: 0.1,
    drainPumpKw: 0.1,
    fillRate: 0.2,
    drainRate: 0.4,
    boilerLossTau: 6 * 3600,
    tankLossTau: 2 * 3600,
    tankWashingLossTau: 3600,
    rackHeatCapacity: 7,
    rackTau: 20,
  },
  hood: {
    type: 'hood',
    boilerLitres: 9,
    boilerHeaterKw: 9,
    tankLitres: 35,
    tankHeaterKw: 3,
    heaterPriority: true,
    rinseFlow: 0.2,
    rinseLitres: 3,
    washPumpKw: 1.1,
    rinsePumpKw: 0.2,
    drainPumpKw: 0.2,
    fillRate: 0.3,
    drainRate: 0.8,
    boilerLossTau: 8 * 3600,
    tankLossTau: 3 * 3600,
    tankWashingLossTau: 1.5 * 3600,
    rackHeatCapacity: 12,
    rackTau: 20,
  },
};

/**
 * Our call, not the spec's: Hiline, the range with the small parameter set, is simulated as an
 * undercounter; the others as hood machines (their presets describe a 35 l tank and 9 kW boiler).
 * A machine can be given another type explicitly.
 */
export function machineTypeFor(gamma: TGamma): TMachineType {
  return gamma === 'hiline' ? 'undercounter' : 'hood';
}

/** Firmware a machine of each range ships with; some machines lag one version so FOTA has work. */
export const SHIPPED_VERSIONS: Readonly<Record<TGamma, { fw00: readonly string[]; fw02: string; control: string }>> = {
  infinity: { fw00: ['3.1.0', '3.2.0', '3.2.1'], fw02: '1.9.4', control: 'CB-4.2' },
  hiline: { fw00: ['2.0.3', '2.1.0'], fw02: '1.4.0', control: 'CB-2.7' },
  prime: { fw00: ['2.5.2', '2.6.0'], fw02: '1.6.1', control: 'CB-3.1' },
  ge: { fw00: ['4.0.1', '4.1.0'], fw02: '2.0.0', control: 'CB-5.0' },
};
export const CONNECTIVITY_VERSION = 'WB-1.3.0';

/** Specific heat of water, kJ/(kg·K); a litre of water is taken as a kilogram. */
export const WATER_HEAT_CAPACITY = 4.186;
