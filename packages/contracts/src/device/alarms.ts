import type { TGamma } from '../appliance/gamma';

/**
 * The alarm catalogue of device-areas §8: every code the machines send as `errorCode`, with its
 * family, severity, the ranges that use it and up to five solutions in the order to try them.
 * Descriptions and solution texts live in the `device` translations (`alarms.<code>`,
 * `solutions.<id>`); which of them come from the spec and which are ours is in docs/catalogues.md.
 */

/**
 * How serious an alarm is (shown in the HACCP alarm PDF):
 * - high: the machine stops, or washing is no longer safe or hygienic, until someone acts;
 * - medium: the machine keeps working with a function lost or degraded; fix it soon;
 * - low: a notice or a routine task for the operator (refill, close the door, maintenance due).
 */
export const ALARM_SEVERITIES = ['low', 'medium', 'high'] as const;
export type TAlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** Families of §8, then the three letters of the Hiline set (A alarms, H hygiene, F operator notices). */
export const ALARM_FAMILIES = ['AN', 'CM', 'FB', 'HW', 'OH', 'P', 'T', 'TH', 'W', 'OL', 'A', 'H', 'F'] as const;
export type TAlarmFamily = (typeof ALARM_FAMILIES)[number];

const HILINE_FAMILIES: readonly TAlarmFamily[] = ['A', 'H', 'F'];
const HILINE: readonly TGamma[] = ['hiline'];
const OTHER_RANGES: readonly TGamma[] = ['infinity', 'prime', 'ge'];

/** Over-temperature (OH, Hiline A2): alarm above 105 °C (221 °F), restart below 102 °C (215 °F); raw tenths of °C. */
export const OVER_TEMPERATURE = { alarmAbove: 1050, restartBelow: 1020 } as const;

/** Solution ids, each one text of `solutions.<id>`; an alarm lists up to five in the order to try them. */
export const ALARM_SOLUTIONS = [
  // general
  'restartMachine',
  'callService',
  'checkAlarmRegister',
  'restartCycle',
  // temperature probes
  'checkProbeWiring',
  'checkProbeResistance',
  'replaceProbe',
  'replaceBoilerProbe',
  'replaceTankProbe',
  'replaceInletProbe',
  'replaceCrcProbe',
  // level sensors
  'checkLevelSensorWiring',
  'checkLevelHose',
  'calibrateBoilerLevel',
  'calibrateTankLevel',
  'calibrateBreakTankLevel',
  'replaceLevelSensor',
  // boards and communication
  'checkBoardSupply',
  'replaceControlBoard',
  'checkDisplayCable',
  'replaceDisplayBoard',
  'checkPowerBoardCable',
  'replacePowerBoard',
  'checkModuleCable',
  'replaceConnectivityModule',
  'checkWifi',
  'checkInternet',
  // relays, pumps, valves, heaters, fan
  'checkActuatorWiring',
  'checkMotorProtection',
  'checkPumpFree',
  'measureValveCoil',
  'measureHeater',
  'checkContactor',
  'checkChemicalPump',
  'checkFan',
  'isolateMachine',
  'closeWaterTap',
  'replaceComponent',
  // supply and hardware
  'checkSupplyVoltage',
  'checkPhases',
  'checkMainsFrequency',
  'checkVentilation',
  'setDateTime',
  'checkKeypad',
  'checkDoorSwitch',
  // temperatures
  'waitCoolDown',
  'checkSafetyThermostat',
  'resetSafetyThermostat',
  'checkSetpoints',
  'waitHeating',
  // firmware and parameters
  'restoreDefaults',
  'checkParameterTable',
  'updateFirmware',
  'retryFirmwareUpdate',
  'setModelConfiguration',
  // water
  'openWaterTap',
  'cleanInletFilter',
  'checkOverflowPipe',
  'checkDrainHose',
  'cleanDrainPump',
  'checkRinseArms',
  'checkRinsePump',
  'checkFillValveClosing',
  'findLeak',
  'dryBasePan',
  'waitTankLoading',
  // flow meter
  'checkFlowmeterWiring',
  'disableFlowmeter',
  'replaceFlowmeter',
  // chemicals and softener
  'refillDetergent',
  'refillRinseAid',
  'checkSuctionHose',
  'cleanChemicalLevelProbe',
  'fillSalt',
  'startRegeneration',
  'checkBrineHose',
  // operator and maintenance
  'closeDoor',
  'positionFilter',
  'cleanFilters',
  'changeTankWater',
  'scheduleMaintenance',
  'cleanCrcExchanger',
] as const;
export type TAlarmSolution = (typeof ALARM_SOLUTIONS)[number];

type TAlarmDefinition = { readonly severity: TAlarmSeverity; readonly solutions: readonly TAlarmSolution[] };

// Solution lists shared by the families that repeat one pattern per component.
const PROBE = ['checkProbeWiring', 'checkProbeResistance'] as const;
const PUMP_OFF = [
  'checkActuatorWiring',
  'checkMotorProtection',
  'checkPumpFree',
  'replaceComponent',
  'replacePowerBoard',
] as const;
const VALVE_OFF = ['checkActuatorWiring', 'measureValveCoil', 'replaceComponent', 'replacePowerBoard'] as const;
const HEATER_OFF = [
  'checkActuatorWiring',
  'checkContactor',
  'checkSafetyThermostat',
  'measureHeater',
  'replacePowerBoard',
] as const;
const DOSING_OFF = ['checkActuatorWiring', 'checkChemicalPump', 'replaceComponent', 'replacePowerBoard'] as const;
const RELAY_OFF = ['checkActuatorWiring', 'checkContactor', 'replacePowerBoard'] as const;
const STUCK_ON = ['isolateMachine', 'checkActuatorWiring', 'replacePowerBoard'] as const;
const CONTACTOR_STUCK_ON = ['isolateMachine', 'checkContactor', 'replacePowerBoard'] as const;
const HEATING_TIMEOUT = ['checkSupplyVoltage', 'checkSafetyThermostat', 'checkContactor', 'measureHeater'] as const;
const LEVEL_SIGNAL = ['checkLevelSensorWiring', 'checkLevelHose'] as const;

const DEFINITIONS = {
  // AN — analog sensors: temperature probes (NTC) and level sensors (pressure transducers).
  AN01: { severity: 'high', solutions: [...PROBE, 'replaceBoilerProbe', 'replaceControlBoard'] },
  AN02: { severity: 'high', solutions: [...PROBE, 'replaceBoilerProbe', 'replaceControlBoard'] },
  AN03: { severity: 'high', solutions: [...PROBE, 'replaceTankProbe', 'replaceControlBoard'] },
  AN04: { severity: 'high', solutions: [...PROBE, 'replaceTankProbe', 'replaceControlBoard'] },
  AN05: { severity: 'medium', solutions: [...PROBE, 'replaceInletProbe'] },
  AN06: { severity: 'medium', solutions: [...PROBE, 'replaceCrcProbe'] },
  AN07: { severity: 'high', solutions: [...LEVEL_SIGNAL, 'calibrateBoilerLevel', 'replaceLevelSensor', 'replaceControlBoard'] },
  AN08: { severity: 'high', solutions: [...LEVEL_SIGNAL, 'calibrateTankLevel', 'replaceLevelSensor', 'replaceControlBoard'] },
  AN09: {
    severity: 'high',
    solutions: [...LEVEL_SIGNAL, 'calibrateBreakTankLevel', 'replaceLevelSensor', 'replaceControlBoard'],
  },
  AN10: { severity: 'high', solutions: ['calibrateBoilerLevel', 'checkLevelHose', 'replaceLevelSensor'] },
  AN11: { severity: 'high', solutions: ['calibrateTankLevel', 'checkLevelHose', 'replaceLevelSensor'] },
  AN12: { severity: 'high', solutions: ['calibrateBreakTankLevel', 'checkLevelHose', 'replaceLevelSensor'] },
  AN13: { severity: 'high', solutions: ['checkBoardSupply', 'checkLevelSensorWiring', 'replaceControlBoard'] },
  // CM — communication between the boards and with the cloud.
  CM01: { severity: 'high', solutions: ['checkDisplayCable', 'restartMachine', 'replaceDisplayBoard', 'replaceControlBoard'] },
  CM02: { severity: 'high', solutions: ['checkPowerBoardCable', 'checkBoardSupply', 'replacePowerBoard', 'replaceControlBoard'] },
  CM03: { severity: 'medium', solutions: ['checkModuleCable', 'restartMachine', 'replaceConnectivityModule'] },
  CM04: { severity: 'low', solutions: ['checkWifi', 'checkInternet', 'restartMachine'] },
  // FB — feedback of the actuators, in pairs: odd = no feedback while on, even = feedback while off.
  FB01: { severity: 'high', solutions: PUMP_OFF }, // wash pump
  FB02: { severity: 'medium', solutions: STUCK_ON },
  FB03: { severity: 'high', solutions: PUMP_OFF }, // rinse (booster) pump
  FB04: { severity: 'medium', solutions: STUCK_ON },
  FB05: { severity: 'medium', solutions: PUMP_OFF }, // drain pump
  FB06: { severity: 'medium', solutions: STUCK_ON },
  FB07: { severity: 'high', solutions: VALVE_OFF }, // fill solenoid valve
  FB08: { severity: 'high', solutions: ['closeWaterTap', 'checkFillValveClosing', 'replacePowerBoard'] },
  FB09: { severity: 'high', solutions: HEATER_OFF }, // boiler heater
  FB10: { severity: 'high', solutions: CONTACTOR_STUCK_ON },
  FB11: { severity: 'medium', solutions: HEATER_OFF }, // tank heater
  FB12: { severity: 'high', solutions: CONTACTOR_STUCK_ON },
  FB13: { severity: 'medium', solutions: DOSING_OFF }, // detergent dosing pump
  FB14: { severity: 'medium', solutions: STUCK_ON },
  FB15: { severity: 'medium', solutions: DOSING_OFF }, // rinse-aid dosing pump
  FB16: { severity: 'medium', solutions: STUCK_ON },
  FB17: { severity: 'low', solutions: ['checkActuatorWiring', 'checkFan', 'checkMotorProtection', 'replaceComponent'] }, // fan
  FB18: { severity: 'low', solutions: STUCK_ON },
  FB19: { severity: 'low', solutions: VALVE_OFF }, // energy recovery (CRC) valve
  FB20: { severity: 'low', solutions: ['closeWaterTap', 'checkFillValveClosing', 'replacePowerBoard'] },
  FB21: { severity: 'medium', solutions: VALVE_OFF }, // regeneration (brine) valve
  FB22: { severity: 'medium', solutions: STUCK_ON },
  FB23: { severity: 'high', solutions: RELAY_OFF }, // main line contactor
  FB24: { severity: 'high', solutions: CONTACTOR_STUCK_ON },
  FB25: { severity: 'medium', solutions: HEATER_OFF }, // boiler heater, second stage
  FB26: { severity: 'high', solutions: CONTACTOR_STUCK_ON },
  FB27: { severity: 'medium', solutions: HEATER_OFF }, // tank heater, second stage
  FB28: { severity: 'high', solutions: CONTACTOR_STUCK_ON },
  FB29: { severity: 'high', solutions: RELAY_OFF }, // heating safety relay
  FB30: { severity: 'high', solutions: CONTACTOR_STUCK_ON },
  // HW — hardware of the boards and the supply.
  HW01: { severity: 'high', solutions: ['restartMachine', 'restoreDefaults', 'replaceControlBoard'] },
  HW02: { severity: 'medium', solutions: ['setDateTime', 'restartMachine', 'replaceControlBoard'] },
  HW03: { severity: 'medium', solutions: ['checkSupplyVoltage', 'checkPhases', 'callService'] },
  HW04: { severity: 'high', solutions: ['checkSupplyVoltage', 'callService'] },
  HW05: { severity: 'medium', solutions: ['checkMainsFrequency', 'checkSupplyVoltage', 'replaceControlBoard'] },
  HW06: { severity: 'high', solutions: ['checkPhases', 'checkSupplyVoltage', 'callService'] },
  HW07: { severity: 'medium', solutions: ['checkVentilation', 'restartMachine', 'replaceControlBoard'] },
  HW08: { severity: 'low', solutions: ['checkKeypad', 'replaceDisplayBoard'] },
  HW09: { severity: 'high', solutions: ['checkDoorSwitch', 'replaceControlBoard'] },
  HW10: { severity: 'medium', solutions: ['checkModuleCable', 'restartMachine', 'replaceConnectivityModule'] },
  // OH — over-temperature (spec: above 105 °C / 221 °F; restart below 102 °C / 215 °F).
  OH01: { severity: 'high', solutions: ['waitCoolDown', 'checkContactor', 'checkProbeResistance', 'replaceBoilerProbe'] },
  OH02: { severity: 'high', solutions: ['waitCoolDown', 'checkContactor', 'checkProbeResistance', 'replaceTankProbe'] },
  // P — firmware and parameters.
  P01: { severity: 'high', solutions: ['restoreDefaults', 'restartMachine', 'replaceControlBoard'] },
  P02: { severity: 'medium', solutions: ['checkParameterTable', 'restoreDefaults'] },
  P03: { severity: 'high', solutions: ['updateFirmware', 'callService'] },
  P04: { severity: 'medium', solutions: ['retryFirmwareUpdate', 'checkWifi', 'callService'] },
  P05: { severity: 'high', solutions: ['restoreDefaults', 'setModelConfiguration', 'callService'] },
  P06: { severity: 'high', solutions: ['setModelConfiguration', 'callService'] },
  P07: { severity: 'medium', solutions: ['updateFirmware', 'retryFirmwareUpdate', 'replaceConnectivityModule'] },
  // T — timeouts; most are bounded by a parameter named in the description.
  T01: {
    severity: 'high',
    solutions: ['openWaterTap', 'cleanInletFilter', 'checkOverflowPipe', 'checkLevelHose', 'measureValveCoil'],
  },
  T02: { severity: 'high', solutions: ['openWaterTap', 'cleanInletFilter', 'checkRinsePump', 'checkLevelHose'] },
  T03: { severity: 'high', solutions: ['openWaterTap', 'cleanInletFilter', 'measureValveCoil', 'checkLevelHose'] },
  T04: { severity: 'medium', solutions: HEATING_TIMEOUT },
  T05: { severity: 'medium', solutions: HEATING_TIMEOUT },
  T06: { severity: 'medium', solutions: ['checkDrainHose', 'cleanDrainPump', 'checkPumpFree', 'checkLevelHose'] },
  T07: { severity: 'medium', solutions: ['openWaterTap', 'checkRinseArms', 'checkRinsePump', 'checkFlowmeterWiring'] },
  T08: { severity: 'medium', solutions: ['openWaterTap', 'checkOverflowPipe', 'cleanInletFilter', 'checkLevelHose'] },
  T09: { severity: 'medium', solutions: ['checkSuctionHose', 'refillDetergent', 'checkChemicalPump'] },
  T10: { severity: 'medium', solutions: ['checkSuctionHose', 'refillRinseAid', 'checkChemicalPump'] },
  T11: { severity: 'medium', solutions: ['fillSalt', 'checkBrineHose', 'openWaterTap'] },
  T12: { severity: 'medium', solutions: ['openWaterTap', 'checkBrineHose', 'cleanInletFilter'] },
  T13: { severity: 'medium', solutions: ['checkAlarmRegister', 'restartCycle', 'callService'] },
  T14: { severity: 'low', solutions: ['cleanCrcExchanger', 'checkFan'] },
  T15: { severity: 'low', solutions: ['checkDrainHose', 'openWaterTap', 'restartCycle'] },
  T16: { severity: 'medium', solutions: ['checkSetpoints', 'checkSafetyThermostat', 'measureHeater', 'checkSupplyVoltage'] },
  T17: { severity: 'low', solutions: ['closeDoor', 'checkDoorSwitch', 'restartCycle'] },
  // TH — safety thermostats (manual reset).
  TH01: {
    severity: 'high',
    solutions: ['resetSafetyThermostat', 'checkContactor', 'checkProbeResistance', 'replaceBoilerProbe'],
  },
  TH02: { severity: 'high', solutions: ['resetSafetyThermostat', 'checkContactor', 'checkProbeResistance', 'replaceTankProbe'] },
  // W — warnings: the machine keeps working.
  W01: { severity: 'low', solutions: ['scheduleMaintenance'] },
  W02: { severity: 'low', solutions: ['changeTankWater', 'cleanFilters'] },
  W03: { severity: 'low', solutions: ['refillDetergent', 'checkSuctionHose', 'cleanChemicalLevelProbe'] },
  W04: { severity: 'low', solutions: ['refillRinseAid', 'checkSuctionHose', 'cleanChemicalLevelProbe'] },
  W05: { severity: 'low', solutions: ['fillSalt'] },
  W06: { severity: 'low', solutions: ['startRegeneration', 'fillSalt'] },
  W07: { severity: 'medium', solutions: ['checkFlowmeterWiring', 'disableFlowmeter', 'replaceFlowmeter'] },
  W08: { severity: 'medium', solutions: ['waitHeating', 'restartCycle', 'checkSetpoints', 'measureHeater'] },
  W09: { severity: 'low', solutions: ['positionFilter', 'cleanFilters'] },
  // OL — water where it should not be.
  OL01: { severity: 'high', solutions: ['findLeak', 'dryBasePan', 'checkFillValveClosing'] },
  OL02: { severity: 'high', solutions: ['checkOverflowPipe', 'checkFillValveClosing', 'checkDrainHose', 'checkLevelHose'] },
  // Hiline set (A7 and A8 do not exist).
  A1: { severity: 'medium', solutions: ['checkAlarmRegister', 'restartCycle', 'callService'] },
  A2: { severity: 'high', solutions: ['waitCoolDown', 'checkContactor', 'checkProbeResistance', 'callService'] },
  A3: { severity: 'high', solutions: [...PROBE, 'replaceProbe'] },
  A4: { severity: 'high', solutions: ['openWaterTap', 'cleanInletFilter', 'checkOverflowPipe', 'measureValveCoil'] },
  A5: { severity: 'high', solutions: HEATING_TIMEOUT },
  A6: { severity: 'medium', solutions: ['checkDrainHose', 'cleanDrainPump', 'checkPumpFree'] },
  A9: { severity: 'low', solutions: ['startRegeneration', 'fillSalt'] },
  A10: { severity: 'low', solutions: ['waitHeating'] },
  H1: { severity: 'high', solutions: ['waitHeating', 'restartCycle', 'checkSetpoints', 'measureHeater'] },
  H2: { severity: 'high', solutions: ['openWaterTap', 'cleanInletFilter', 'measureValveCoil'] },
  H3: { severity: 'medium', solutions: ['waitHeating', 'restartCycle', 'checkSetpoints', 'measureHeater'] },
  F1: { severity: 'low', solutions: ['closeDoor', 'checkDoorSwitch'] },
  F2: { severity: 'low', solutions: ['waitTankLoading'] },
  F3: { severity: 'low', solutions: ['positionFilter'] },
  F4: { severity: 'low', solutions: ['fillSalt'] },
  F5: { severity: 'low', solutions: ['refillDetergent', 'refillRinseAid', 'checkSuctionHose'] },
} as const satisfies Record<string, TAlarmDefinition>;

export type TAlarmCode = keyof typeof DEFINITIONS;

/** One alarm of the catalogue. */
export type TAlarm = {
  readonly code: TAlarmCode;
  readonly family: TAlarmFamily;
  readonly severity: TAlarmSeverity;
  /** The ranges whose machines send this code: the Hiline set on hiline, the other families on the rest. */
  readonly gammas: readonly TGamma[];
  /** Up to five solution ids, in the order to try them. */
  readonly solutions: readonly TAlarmSolution[];
};

/** The family of a code: its letters ("TH01" → "TH", "A10" → "A"). */
function familyOf(code: string): TAlarmFamily {
  const letters = code.replace(/\d+$/, '');
  const family = ALARM_FAMILIES.find((f) => f === letters);
  if (!family) throw new Error(`Alarm code ${code} has no family`);
  return family;
}

/** The whole catalogue, in the order of §8 (families, then the Hiline set). */
export const ALARMS: readonly TAlarm[] = Object.entries(DEFINITIONS).map(([code, definition]) => {
  const family = familyOf(code);
  return {
    code: code as TAlarmCode,
    family,
    severity: definition.severity,
    gammas: HILINE_FAMILIES.includes(family) ? HILINE : OTHER_RANGES,
    solutions: definition.solutions,
  };
});

export const ALARM_CODES: readonly TAlarmCode[] = ALARMS.map((a) => a.code);

const BY_CODE: ReadonlyMap<string, TAlarm> = new Map(ALARMS.map((a) => [a.code, a]));

export function isAlarmCode(value: unknown): value is TAlarmCode {
  return typeof value === 'string' && BY_CODE.has(value);
}

/** The catalogue entry of an `errorCode` as the machine sends it (case and spaces are ignored); undefined if unknown. */
export function alarmByCode(code: string): TAlarm | undefined {
  return BY_CODE.get(code.trim().toUpperCase());
}

/** The alarms a machine of this range can send. */
export function alarmsFor(gamma: TGamma): readonly TAlarm[] {
  return ALARMS.filter((a) => a.gammas.includes(gamma));
}
