import {
  alarmsFor,
  checkParameterValue,
  defaultParameters,
  parameterByKey,
  type TAlarmSeverity,
  type TCycleType,
  type TGamma,
  type TParameterCheck,
  type TInstallation,
  type TInstallStep,
  INSTALL_COUNTRIES,
  SUPPORTED_LANGUAGES,
  UNIT_SYSTEMS,
  ZTimeZone,
} from '@washboard/contracts';
import type { TMachineProfile } from './machine-profile';

/**
 * The one place the simulator reads the parameter and alarm catalogues of the contracts, and turns
 * raw parameter values (tenths of °C, litres × 10, seconds; see contracts `device/parameters.ts`)
 * into the physical settings the machine model runs on.
 */
export type TParameterValues = Record<string, number>;
export type { TParameterCheck };

/** The presets of a range: every parameter it has, at its default (raw). */
export function presets(gamma: TGamma): TParameterValues {
  const values: TParameterValues = {};
  for (const [key, value] of Object.entries(defaultParameters(gamma))) if (value !== undefined) values[key] = value;
  return values;
}

export function checkValue(key: string, value: number, gamma: TGamma): TParameterCheck {
  return checkParameterValue(key, value, gamma);
}

/** Characters the machine's display can show: printable Latin-1 (names in other scripts cannot be shown). */
const DISPLAY_TEXT = /^[\x20-\x7E\xA0-\xFF]+$/;

/**
 * The first step of an `install` the machine cannot take (the steps of `INSTALL_STEPS`, in order),
 * with the parameter keys it refused; null when it can take them all.
 */
export function installRefusal(
  installation: TInstallation,
  values: TParameterValues,
  gamma: TGamma,
): { step: TInstallStep; rejected?: string[] } | null {
  if (!DISPLAY_TEXT.test(installation.name)) return { step: 'name' };
  if (!(INSTALL_COUNTRIES as readonly string[]).includes(installation.country)) return { step: 'country' };
  if (!(UNIT_SYSTEMS as readonly string[]).includes(installation.unitSystem)) return { step: 'unitSystem' };
  if (!ZTimeZone.safeParse(installation.timeZone).success) return { step: 'timeZone' };
  if (!(SUPPORTED_LANGUAGES as readonly string[]).includes(installation.language)) return { step: 'language' };
  const rejected = Object.entries(values)
    .filter(([key, value]) => checkValue(key, value, gamma) !== 'ok')
    .map(([key]) => key);
  return rejected.length > 0 ? { step: 'parameters', rejected } : null;
}

/** Settings of the whole machine, in machine units (litres, kW, °C, s); null where a range has no such parameter. */
export type TMachineSettings = {
  boilerLitres: number;
  tankLitres: number;
  boilerHeaterKw: number;
  tankHeaterKw: number;
  heaterPriority: boolean;
  boilerHysteresis: number;
  tankHysteresis: number;
  /** thermostop: the rinse starts only when the boiler is this hot (S2), the wash when the tank is (S3) */
  minRinseTemp: number;
  minWashTemp: number;
  /** longest thermostop wait (S22) before the machine gives up waiting and raises T16 */
  maxPauseSeconds: number;
  /** longest door opening during a cycle (S24) before the machine stops the cycle and raises T17 */
  maxDoorOpenSeconds: number;
  /** longest wait for the tank to heat (S18) */
  maxTankHeatingSeconds: number;
  standbyAfterSeconds: number | null;
  standbyBoilerTemp: number;
  standbyTankTemp: number;
  heatersOffAfterSeconds: number | null;
  drainSeconds: number;
  cyclesBeforeWaterChange: number | null;
  maintenanceInterval: number | null;
  detergentSensor: boolean;
  rinseAidSensor: boolean;
  /** g/l dosed into fresh tank water (S46) */
  fillDetergent: number;
  /** g/ml */
  detergentDensity: number;
  rinseAidDensity: number;
  /** cycles between two softener regenerations (r4, or from the water hardness r3) */
  regenerationInterval: number;
  regenerationSeconds: number;
};

/** Resin capacity of the built-in softener, mg of CaCO₃ between two regenerations. */
const SOFTENER_CAPACITY_MG = 150_000;
/** Fallback thermostop wait, for ranges without S22. */
const DEFAULT_MAX_PAUSE = 300;
/** Fallback longest door opening during a cycle, for ranges without S24 (S24's own default). */
const DEFAULT_MAX_DOOR_OPEN = 120;

export function machineSettings(values: TParameterValues, profile: TMachineProfile): TMachineSettings {
  const raw = (key: string): number | undefined => values[key];
  const or = (key: string, fallback: number): number => raw(key) ?? fallback;
  const positive = (key: string): number | null => {
    const value = raw(key);
    return value === undefined || value <= 0 ? null : value;
  };
  const tankLitres = or('SV3', profile.tankLitres * 10) / 10;
  const hardness = or('r3', 250);
  const litresPerCycle = profile.rinseLitres;
  const computedInterval = hardness > 0 ? Math.round(SOFTENER_CAPACITY_MG / (hardness * litresPerCycle)) : 1000;
  const r5 = raw('r5');
  const r6 = raw('r6');
  return {
    boilerLitres: or('SB3', profile.boilerLitres * 10) / 10,
    tankLitres,
    boilerHeaterKw: or('S32', profile.boilerHeaterKw * 10) / 10,
    tankHeaterKw: or('S33', profile.tankHeaterKw * 10) / 10,
    heaterPriority: or('S30', profile.heaterPriority ? 1 : 0) === 1,
    boilerHysteresis: or('S6', 30) / 10,
    tankHysteresis: or('S9', 20) / 10,
    minRinseTemp: or('S2', 800) / 10,
    minWashTemp: or('S3', 500) / 10,
    maxPauseSeconds: or('S22', DEFAULT_MAX_PAUSE),
    maxTankHeatingSeconds: or('S18', 3600),
    maxDoorOpenSeconds: or('S24', DEFAULT_MAX_DOOR_OPEN),
    standbyAfterSeconds: positive('S28'),
    standbyBoilerTemp: or('S12', 700) / 10,
    standbyTankTemp: or('S13', 500) / 10,
    heatersOffAfterSeconds: positive('S29'),
    drainSeconds: Math.max(or('S20', 0), Math.ceil(tankLitres / profile.drainRate)),
    cyclesBeforeWaterChange: positive('S41'),
    maintenanceInterval: positive('S43'),
    detergentSensor: or('S44', 1) === 1,
    rinseAidSensor: or('S45', 1) === 1,
    fillDetergent: or('S46', 30) / 10,
    detergentDensity: or('d1', 1200) / 1000,
    rinseAidDensity: or('d2', 1020) / 1000,
    regenerationInterval: positive('r4') ?? computedInterval,
    regenerationSeconds: r5 !== undefined && r6 !== undefined ? r5 + r6 : 600,
  };
}

/** The settings of one cycle the machine runs with, in machine units (s, litres, °C, ml). */
export type TCycleSettings = {
  soakSeconds: number;
  washSeconds: number;
  pauseSeconds: number;
  rinseSeconds: number;
  rinseLitres: number;
  boilerSetpoint: number;
  tankSetpoint: number;
  detergentMl: number;
  rinseAidMl: number;
};

export function cycleSettings(
  values: TParameterValues,
  cycle: TCycleType,
  profile: TMachineProfile,
  machine: TMachineSettings,
): TCycleSettings {
  const read = (field: string): number | undefined => {
    const key = `${cycle}.${field}`;
    return values[key] ?? parameterByKey(key)?.default;
  };
  const rinseSeconds = read('rinseTime') ?? 0;
  // Only what the machine holds: the catalogue has a rinse volume default even for ranges without one.
  const rinseVolume = values[`${cycle}.rinseVolume`];
  // Ranges without a rinse volume (Hiline) time the rinse: the volume is what the pump delivers.
  const rinseLitres = rinseVolume !== undefined ? rinseVolume / 10 : rinseSeconds * profile.rinseFlow;
  const detergentGramsPerLitre = (read('detergentDosage') ?? 0) / 10;
  const rinseAidMgPerLitre = read('rinseAidDosage') ?? 0;
  return {
    soakSeconds: read('soakingDuration') ?? 0,
    washSeconds: read('washDuration') ?? 0,
    pauseSeconds: read('pauseDuration') ?? 0,
    rinseSeconds,
    rinseLitres,
    boilerSetpoint: (read('boilerSetpoint') ?? 850) / 10,
    tankSetpoint: (read('tankSetpoint') ?? 600) / 10,
    // The fresh rinse water replaces tank water, so detergent is dosed for that volume.
    detergentMl: (detergentGramsPerLitre * rinseLitres) / machine.detergentDensity,
    rinseAidMl: (rinseAidMgPerLitre * rinseLitres) / 1000 / machine.rinseAidDensity,
  };
}

/**
 * Alarms the model raises and clears from its own state, by what they mean; each range names them
 * with its own code (the Hiline set has its own letters), or has none.
 */
export type TAlarmRole =
  | 'maintenanceDue'
  | 'waterChange'
  | 'detergentLow'
  | 'rinseAidLow'
  | 'regenerationDue'
  | 'rinseTooCold'
  | 'washTooCold'
  | 'pauseTimeout'
  | 'cycleNotCompleted'
  | 'doorOpen'
  | 'doorOpenTooLong';

const ROLE_CODES: Readonly<Record<TAlarmRole, readonly string[]>> = {
  maintenanceDue: ['W01'],
  waterChange: ['W02'],
  detergentLow: ['W03', 'F5'],
  rinseAidLow: ['W04', 'F5'],
  regenerationDue: ['W06', 'A9'],
  rinseTooCold: ['W08', 'H1'],
  washTooCold: ['H3'],
  pauseTimeout: ['T16'],
  cycleNotCompleted: ['A1'],
  doorOpen: ['F1'],
  doorOpenTooLong: ['T17'],
};

/** Over-temperature cannot happen with working thermostats, so these are never raised at random. */
const NEVER_RANDOM = new Set(['OH01', 'OH02', 'A2']);
const WEIGHTS: Readonly<Record<TAlarmSeverity, number>> = { low: 4, medium: 2, high: 1 };

export type TAlarmCatalogue = {
  /** the code this range uses for a role, if it has one */
  roleCodes: Partial<Record<TAlarmRole, string>>;
  /** what may happen at random (everything else), weighted: notices often, stopping faults seldom */
  randomChoices: readonly (readonly [string, number])[];
};

export function alarmCatalogue(gamma: TGamma): TAlarmCatalogue {
  const available = alarmsFor(gamma);
  const codes = new Set(available.map((alarm) => alarm.code as string));
  const roleCodes: Partial<Record<TAlarmRole, string>> = {};
  for (const [role, candidates] of Object.entries(ROLE_CODES) as [TAlarmRole, readonly string[]][]) {
    const code = candidates.find((candidate) => codes.has(candidate));
    if (code) roleCodes[role] = code;
  }
  const managed = new Set(Object.values(roleCodes));
  const randomChoices = available
    .filter((alarm) => !managed.has(alarm.code) && !NEVER_RANDOM.has(alarm.code))
    .map((alarm) => [alarm.code as string, WEIGHTS[alarm.severity]] as const);
  return { roleCodes, randomChoices };
}
