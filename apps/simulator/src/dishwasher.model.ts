import {
  CLAIMING_CODE_TTL_SECONDS,
  LINK_CODE_TTL_SECONDS,
  CYCLE_TYPES,
  SYSTEM_STATES,
  RINSE_TRACE_MAX_SAMPLES,
  keptFieldsFor,
  TELEMETRY_FIELDS,
  systemStateName,
  type TClaimingCode,
  type TCommand,
  type TCommandArgs,
  type TCommandError,
  type TCommandName,
  type TMachineCondition,
  type TTank,
  commandRefusal,
  type TCommandResult,
  type TCycleMeasurements,
  type TCycleType,
  type TDeviceStats,
  type TDeviceInfo,
  type TDeviceStatus,
  type TGamma,
  type TInstalled,
  type TInstallStep,
  type TLanguage,
  type TTelemetryKey,
  type TSystemState,
  type TSystemStateName,
  type TTelemetry,
  type TVersions,
} from '@washboard/contracts';
import {
  alarmCatalogue,
  checkValue,
  cycleSettings,
  installRefusal,
  machineSettings,
  presets,
  type TAlarmCatalogue,
  type TAlarmRole,
  type TCycleSettings,
  type TMachineSettings,
  type TParameterValues,
} from './catalogue';
import { cyclePlan, planSeconds, type TPhase } from './cycle-plan';
import type { TDeviceMessage } from './device-message';
import {
  CONNECTIVITY_VERSION,
  MACHINE_PROFILES,
  SHIPPED_VERSIONS,
  WATER_HEAT_CAPACITY,
  machineTypeFor,
  type TMachineProfile,
  type TMachineType,
} from './machine-profile';
import { createRandom, randomSeed, seedFrom, type TRandom } from './random';
import type { THeatingCondition } from './machine-condition';
import { cyclesPerHourAt } from './kitchen-day';
import { countersFromStats, maintenanceInterval, statsMessage, typicalCounters, type TLifetimeCounters } from './counters';
import { boilerMean, drawFromBoiler, exchange, heatBoiler, heatStep, mix, tenths, thermostat, type TBoiler } from './thermal';

/**
 * How lively a machine is on its own, in machine time: the kitchen starting cycles at the front
 * panel (and dealing with the machine's notices: refilling chemicals, changing the water,
 * regenerating the softener), faults now and then, and staff switching a machine back on.
 */
export type TActivity = {
  /**
   * mean rate of cycles started at the front panel while READY; 0: nobody uses the machine; 24
   * rates, one per UTC hour of the machine's clock: a kitchen's day (`KITCHEN_DAY`)
   */
  cyclesPerHour: number | readonly number[];
  /** mean rate of random catalogue alarms (each clears itself after a while) */
  alarmsPerHour: number;
  /** mean time an OFF machine stays off before someone switches it on; null: stays off */
  powerOnAfterSeconds: number | null;
};

/** A busy kitchen: a cycle every ten minutes, a random fault every two days of machine time. */
export const DEFAULT_ACTIVITY: Readonly<TActivity> = { cyclesPerHour: 6, alarmsPerHour: 0.02, powerOnAfterSeconds: 1800 };
/** Nothing happens unless asked: for tests. */
export const QUIET_ACTIVITY: Readonly<TActivity> = { cyclesPerHour: 0, alarmsPerHour: 0, powerOnAfterSeconds: null };

export type TDishwasherModelOptions = {
  serial: string;
  /** the main board's own serial number, reported in `info` (default `MB-<serial>`) */
  boardSerial?: string;
  /** default 'infinity' */
  gamma?: TGamma;
  /** default from the range (see `machineTypeFor`) */
  machineType?: TMachineType;
  /** seeds every random choice of this machine (mixed with its serial); default: a random seed */
  seed?: number;
  /** wall clock in ms for the timestamps the machine writes; default Date.now */
  clock?: () => number;
  /** 'IDLE' (default): full and hot, ready to wash; 'OFF': cold with an empty tank */
  initialState?: 'OFF' | 'IDLE';
  activity?: Partial<TActivity>;
  /** cycles already run before the simulation starts, so lifetime counters look lived-in */
  initialCycles?: number;
  /**
   * the last `stats` report the machine sent (its history's last, or the last before a restart):
   * every lifetime counter carries on from it, so none ever falls; wins over `initialCycles`
   */
  resumeFrom?: TDeviceStats;
  /** machine seconds a firmware update takes (default 150) */
  fotaSeconds?: number;
  /** receives every message the machine sends */
  emit?: (message: TDeviceMessage) => void;
  /** cold mains water, a scaled boiler heater (see `heatingCondition`); default: healthy, mains 11–18 °C */
  condition?: THeatingCondition;
};

/** A cycle as it runs. */
export type TCycleView = {
  type: TCycleType;
  number: number;
  /** machine seconds of programme done, and the planned length (a thermostop wait does not count) */
  elapsed: number;
  duration: number;
  phase: TPhase['kind'];
  /** waiting for the boiler or the tank to reach the minimum temperature before the phase */
  waiting: boolean;
};

type TRange = { min: number; max: number };

/**
 * Why the front panel did not do what a button asked: the machine's own refusal (the same as the
 * command's), or PANEL_LOCKED while a remote control session is active.
 */
export type TPanelRefusal = TCommandError | 'PANEL_LOCKED';

type TRunningCycle = {
  type: TCycleType;
  number: number;
  settings: TCycleSettings;
  plan: TPhase[];
  duration: number;
  phaseIndex: number;
  phaseElapsed: number;
  elapsed: number;
  /** thermostop wait before the current phase */
  waited: number;
  pauseTimedOut: boolean;
  startedAt: number;
  wash: TRange | null;
  rinse: TRange | null;
  /** temperature × litres of the rinse so far, for its mean temperature */
  rinseHeat: number;
  rinseLitres: number;
  /** the final rinse's outlet temperature, tenths of °C, one sample a second (the record's `rinseTrace`) */
  rinseTrace: number[];
  /** seconds of final rinse so far (when the next sample is due) */
  rinseSeconds: number;
};

type TActiveAlarm = {
  id: string;
  code: string;
  startDate: string;
  /** machine seconds until it clears itself; null: until cleared */
  clearsIn: number | null;
  /** raised by the machine's own state (cleared when the state is gone), at random, or by a caller */
  origin: 'condition' | 'random' | 'manual';
};

/** Where the counters are kept, as floats: the lifetime ones published rounded, and what the machine itself tracks. */
type TCounters = TLifetimeCounters & {
  cyclesSinceEmptying: number;
  cyclesSinceRegeneration: number;
};

/** Chemical canisters, ml; the level warning comes at 5 %. */

/** A command the machine refuses while obeying it: why, and for params-set which keys. */
class Refusal extends Error {
  constructor(
    readonly error: TCommandError,
    readonly rejected?: string[],
    readonly step?: TInstallStep,
  ) {
    super(error);
  }
}
/** What a command's behaviour reports back besides `ok` (alarm-reset's cleared codes, factory-reset's values). */
type TCommandReport = Pick<TCommandResult, 'cleared' | 'values'>;

/** The display's word for READY in the machine's language (English until it is installed). */
const READY_WORD: Record<TLanguage, string> = { it: 'PRONTA', en: 'READY', fr: 'PRÊTE', de: 'BEREIT', es: 'LISTA' };

const CANISTER_ML = 5000;
const LOW_CHEMICAL_ML = 0.05 * CANISTER_ML;
/** Results kept to answer a redelivered command (QoS 1 may deliver twice) without acting twice. */
const REMEMBERED_RESULTS = 32;
/** Machine-time step limits: short while water moves, longer when only heat diffuses. */
const BUSY_STEP = 1;
const QUIET_STEP = 5;
/** How soon, on average, the kitchen reacts to a notice it can fix itself (refill, drain, regenerate). */
const KITCHEN_REACTION_SECONDS = 1800;

/** What the front panel offers most: most kitchens wash dishes and glasses. */
const CYCLE_POPULARITY: readonly (readonly [TCycleType, number])[] = [
  ['dishes', 30],
  ['glasses', 15],
  ['fast', 15],
  ['intensive', 10],
  ['medium', 10],
  ['short', 6],
  ['long', 5],
  ['eco', 5],
  ['extra', 1],
  ['selfWash', 0.5],
];

/**
 * One dishwasher, without any network: the state machine of device-areas §4, the cycle programme
 * of its parameters, a stratified boiler and a tank with thermostats, lifetime counters, alarms and
 * the commands of the device protocol. Time moves only through `advance(machineSeconds)`;
 * everything the machine says goes out through `emit`.
 */
export class DishwasherModel {
  readonly serial: string;
  /** The main board's own serial number (its QR code). */
  readonly boardSerial: string;
  readonly gamma: TGamma;
  readonly profile: TMachineProfile;
  /** The telemetry fields the machine's range sends. */
  readonly keptFields: readonly TTelemetryKey[];

  private readonly random: TRandom;
  private readonly clock: () => number;
  private readonly activity: TActivity;
  private readonly fotaSeconds: number;
  private readonly alarmCodes: TAlarmCatalogue;
  private readonly emitter: (message: TDeviceMessage) => void;

  private systemState: TSystemState;
  private parameters: TParameterValues;
  private machine: TMachineSettings;
  private selectedCycle: TCycleType = 'dishes';
  private idleSettings: TCycleSettings;
  private versionSet: TVersions;
  private counters: TCounters;

  private readonly room: number;
  private readonly inlet: number;
  /** share of the boiler heater's power that reaches the water (limescale) */
  private readonly boilerHeaterShare: number;
  private readonly boiler: TBoiler;
  private tankTemp: number;
  private tankLevel: number;
  private rackTemp: number;
  private boilerHeater = false;
  private tankHeater = false;
  /** the boiler reached temperature during this start-up, so the tank may fill */
  private startupBoilerReady = false;
  private shutdownElapsed = 0;
  private idleSeconds = 0;

  private cycle: TRunningCycle | null = null;
  private lastRinseLitres = 0;
  private rinseFlow = 0;
  private readonly lastCycle = {
    rinseTooCold: false,
    washTooCold: false,
    pauseTimeout: false,
    notCompleted: false,
    doorOpenTooLong: false,
  };
  private door: { open: boolean; openFor: number } = { open: false, openFor: 0 };
  private detergentMl: number;
  private rinseAidMl: number;

  private fotaState: { version: string; elapsed: number; lastPerc: number } | null = null;
  private claiming: TClaimingCode | null = null;
  /** The code that opens a local link session (docs/local-link.md), while it is on the display. */
  private linkCodeShown: TClaimingCode | null = null;
  private readonly alarms = new Map<string, TActiveAlarm>();
  private liveUntilMs = 0;
  /** the panel lock the machine last reported in `status` */
  private reportedLock = false;
  /** Energy saving (service menu): the heaters go off after S29 in standby; off keeps them on. */
  private energySaving = true;
  /** What the command being obeyed reports back besides `ok` (set by its behaviour). */
  private report: TCommandReport = {};
  private installation: TInstalled | null = null;
  private readonly hardware: Pick<
    TDeviceInfo,
    'macAddress' | 'mainsVoltage' | 'mainsFrequency' | 'electricityDistribution' | 'signalDbm'
  >;
  private readonly results = new Map<string, TCommandResult>();
  private offFor: number | null = null;

  constructor(options: TDishwasherModelOptions) {
    this.serial = options.serial;
    this.boardSerial = options.boardSerial ?? `MB-${options.serial}`.slice(0, 40);
    this.gamma = options.gamma ?? 'infinity';
    this.profile = MACHINE_PROFILES[options.machineType ?? machineTypeFor(this.gamma)];
    this.keptFields = keptFieldsFor(this.gamma);
    this.random = createRandom(seedFrom(options.seed ?? randomSeed(), this.serial));
    this.clock = options.clock ?? Date.now;
    this.activity = { ...DEFAULT_ACTIVITY, ...options.activity };
    this.fotaSeconds = options.fotaSeconds ?? 150;
    this.alarmCodes = alarmCatalogue(this.gamma);
    this.emitter = options.emit ?? (() => undefined);

    this.parameters = presets(this.gamma);
    this.machine = machineSettings(this.parameters, this.profile);
    this.idleSettings = this.settingsOf(this.selectedCycle);
    const shipped = SHIPPED_VERSIONS[this.gamma];
    this.versionSet = {
      fw00: this.random.pick(shipped.fw00),
      fw02: shipped.fw02,
      connectivity: CONNECTIVITY_VERSION,
      control: shipped.control,
    };
    this.room = this.random.between(20, 26);
    // Mains water differs between sites and seasons; it stays put for one machine.
    const drawnInlet = this.random.between(11, 18);
    this.inlet = options.condition?.inletCelsius ?? drawnInlet;
    this.boilerHeaterShare = options.condition?.boilerHeaterShare ?? 1;
    this.rackTemp = this.room;
    const threePhase = this.profile.boilerHeaterKw > 4;
    this.hardware = {
      macAddress: Array.from({ length: 6 }, (_, i) =>
        (i === 0 ? 0x02 : this.random.int(0, 255)).toString(16).toUpperCase().padStart(2, '0'),
      ).join(':'),
      mainsVoltage: threePhase ? 400 : 230,
      mainsFrequency: 50,
      electricityDistribution: threePhase ? '3N~ 400 V' : '1N~ 230 V',
      signalDbm: Math.round(this.random.between(-75, -45)),
    };
    this.counters = this.initialCounters(
      options.resumeFrom ? countersFromStats(options.resumeFrom, this.maintenanceInterval()) : (options.initialCycles ?? 0),
    );
    this.detergentMl = this.random.between(0.15, 1) * CANISTER_ML;
    this.rinseAidMl = this.random.between(0.15, 1) * CANISTER_ML;

    if (options.initialState === 'OFF') {
      this.systemState = SYSTEM_STATES.OFF;
      this.boiler = { bottom: this.room, middle: this.room, top: this.room };
      this.tankTemp = this.room;
      this.tankLevel = 0;
      this.scheduleAutoPowerOn();
    } else {
      this.systemState = SYSTEM_STATES.IDLE;
      const boilerTemp = this.idleSettings.boilerSetpoint - this.random.between(0, this.machine.boilerHysteresis);
      this.boiler = { bottom: boilerTemp, middle: boilerTemp, top: boilerTemp };
      this.tankTemp = this.idleSettings.tankSetpoint - this.random.between(0, this.machine.tankHysteresis);
      this.tankLevel = this.machine.tankLitres;
    }
  }

  // ---- what can be read -------------------------------------------------------------------

  get state(): TSystemState {
    return this.systemState;
  }

  get stateName(): TSystemStateName {
    const name = systemStateName(this.systemState);
    return name === 'UNKNOWN' ? 'OFF' : name;
  }

  /** True in READY after the standby time (S28): the machine keeps the lower standby temperatures. */
  get standby(): boolean {
    const after = this.machine.standbyAfterSeconds;
    return this.systemState === SYSTEM_STATES.IDLE && after !== null && this.idleSeconds >= after;
  }

  /**
   * What the front display shows: a local link code while one is valid (someone beside the machine
   * is reading it to their phone), else a claiming code while one is valid, else the machine's state.
   */
  get display(): string {
    const code = this.linkCode ?? this.claimingCode;
    if (code) return code.code;
    if (this.fotaState) return `FW ${this.fotaState.lastPerc}%`;
    if (this.door.open) return 'DOOR';
    if (this.systemState === SYSTEM_STATES.IDLE) return this.standby ? 'STANDBY' : READY_WORD[this.language];
    const cycle = this.cycle;
    if (cycle) return `${cycle.type} ${Math.floor((cycle.elapsed / Math.max(1, cycle.duration)) * 100)}%`;
    return this.stateName;
  }

  /** The local link code on the display, until it expires or is used. */
  get linkCode(): TClaimingCode | null {
    if (this.linkCodeShown && Date.parse(this.linkCodeShown.expiresAt) <= this.clock()) this.linkCodeShown = null;
    return this.linkCodeShown;
  }

  get claimingCode(): TClaimingCode | null {
    if (this.claiming && Date.parse(this.claiming.expiresAt) <= this.clock()) this.claiming = null;
    return this.claiming;
  }

  get currentCycle(): TCycleView | null {
    const cycle = this.cycle;
    if (!cycle) return null;
    return {
      type: cycle.type,
      number: cycle.number,
      elapsed: cycle.elapsed,
      duration: cycle.duration,
      phase: cycle.plan[cycle.phaseIndex]?.kind ?? 'rinse',
      waiting: cycle.waited > 0 && cycle.phaseElapsed === 0,
    };
  }

  /** True temperatures in °C (telemetry carries noisy probe readings); `rinseOutlet` is the boiler's top. */
  get temperatures(): { boiler: number; rinseOutlet: number; tank: number; inlet: number; room: number } {
    return {
      boiler: boilerMean(this.boiler),
      rinseOutlet: this.boiler.top,
      tank: this.tankTemp,
      inlet: this.inlet,
      room: this.room,
    };
  }

  /** Litres of water and ml of chemicals on board. */
  get levels(): { boiler: number; tank: number; detergentMl: number; rinseAidMl: number } {
    return {
      boiler: this.machine.boilerLitres,
      tank: this.tankLevel,
      detergentMl: this.detergentMl,
      rinseAidMl: this.rinseAidMl,
    };
  }

  get heaters(): { boiler: boolean; tank: boolean } {
    return { boiler: this.boilerHeater, tank: this.tankHeater };
  }

  get params(): Readonly<TParameterValues> {
    return this.parameters;
  }

  get settings(): Readonly<TMachineSettings> {
    return this.machine;
  }

  get versions(): Readonly<TVersions> {
    return this.versionSet;
  }

  get fota(): { perc: number; inProg: boolean; version: string } | null {
    return this.fotaState ? { perc: this.fotaState.lastPerc, inProg: true, version: this.fotaState.version } : null;
  }

  get activeAlarms(): readonly { id: string; code: string; startDate: string }[] {
    return [...this.alarms.values()].map(({ id, code, startDate }) => ({ id, code, startDate }));
  }

  /** Live mode (run-live) lasts until this wall-clock time, ms. */
  get liveUntil(): number {
    return this.liveUntilMs;
  }

  /**
   * A remote control session is active: the dashboard's remote control screen keeps live mode
   * (run-live) going while it is open, and the machine then refuses its front panel's buttons
   * (PANEL_LOCKED) until live mode runs out.
   */
  get remoteControlActive(): boolean {
    return this.liveUntilMs > this.clock();
  }

  /** The language of the display and reports: the installation's, English before. */
  get language(): TLanguage {
    return this.installation?.language ?? 'en';
  }

  /** The boiler temperature as the display shows it, in the installation's units (°C before). */
  get displayTemperature(): string {
    const celsius = boilerMean(this.boiler);
    return this.installation?.unitSystem === 'imperial' ? `${Math.round((celsius * 9) / 5 + 32)}°F` : `${Math.round(celsius)}°C`;
  }

  /** The display's clock: the machine's time in its installation's time zone (UTC before), 24 h. */
  get displayClock(): string {
    return new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone: this.installation?.timeZone ?? 'UTC',
    }).format(this.clock());
  }

  /** `info`: the hardware, energy saving and the installation, as the machine reports them. */
  info(): TDeviceInfo {
    return {
      ts: this.now(),
      ...this.hardware,
      connectivity: this.versionSet.connectivity,
      control: this.versionSet.control,
      energySaving: this.energySaving,
      installation: this.installation ? { ...this.installation } : null,
      boardSerial: this.boardSerial,
    };
  }

  get doorOpen(): boolean {
    return this.door.open;
  }

  status(): TDeviceStatus {
    const running = this.cycle;
    return {
      online: true,
      systemState: this.systemState,
      cycleType: running ? running.type : null,
      cycleNumber: running ? running.number : null,
      panelLocked: this.remoteControlActive,
      ts: this.now(),
    };
  }

  stats(): TDeviceStats {
    return statsMessage(this.counters, this.maintenanceInterval(), this.now());
  }

  /**
   * What each telemetry field's sensor reads now, in the registry's units before scaling (°C,
   * litres, l/h, seconds): a new field of `TELEMETRY_FIELDS` needs its reading here.
   */
  private readonly sensors: { readonly [K in TTelemetryKey]: () => number } = {
    boilerTmp: () => this.sense(boilerMean(this.boiler)),
    tankTmp: () => this.sense(this.tankTemp),
    waterTmp: () => this.sense(this.inlet),
    boilerVlm: () => this.machine.boilerLitres,
    tankVlm: () => this.tankLevel,
    rinseWaterVlm: () => this.lastRinseLitres,
    rinseWaterFlowRate: () => (this.phase() === 'rinse' && this.cycle?.phaseElapsed !== 0 ? this.rinseFlow * 3600 : 0),
    cycleTimeProgress: () => (this.cycle ? Math.min(this.cycle.duration, Math.floor(this.cycle.elapsed)) : 0),
    cycleTimeDuration: () => (this.cycle ? this.cycle.duration : 0),
  };

  /** A telemetry reading: the fields of the range (its live values and the cycle bar), scaled as the registry says. */
  telemetry(): TTelemetry {
    const reading: TTelemetry = { ts: this.now() };
    for (const key of this.keptFields) {
      const { scale, min, max } = TELEMETRY_FIELDS[key];
      reading[key] = Math.max(min, Math.min(max, Math.round(this.sensors[key]() * scale)));
    }
    return reading;
  }

  /** What a machine says when it (re)connects: its retained state. */
  announce(): void {
    this.emitter({ topic: 'status', payload: this.status() });
    this.emitter({ topic: 'versions', payload: { ...this.versionSet } });
    this.emitter({ topic: 'info', payload: this.info() });
    this.emitter({ topic: 'params', payload: { ts: this.now(), values: { ...this.parameters } } });
    this.emitter({ topic: 'stats', payload: this.stats() });
  }

  // ---- the front panel and the service menu -----------------------------------------------

  /** The main switch: an OFF machine starts up (heats the boiler, fills and heats the tank), then READY. */
  powerOn(): boolean {
    if (this.systemState !== SYSTEM_STATES.OFF) return false;
    this.offFor = null;
    this.startupBoilerReady = false;
    this.setState(SYSTEM_STATES.STARTUP);
    return true;
  }

  /** The show-code button at the panel: refused while remote control is active. */
  panelShowCode(): TClaimingCode | TPanelRefusal {
    if (this.remoteControlActive) return 'PANEL_LOCKED';
    return this.showClaimingCode();
  }

  /** A fresh six-digit claiming code on the display, also sent to the cloud. */
  showClaimingCode(): TClaimingCode {
    this.claiming = this.freshCode(CLAIMING_CODE_TTL_SECONDS);
    this.emitter({ topic: 'claiming-code', payload: { ...this.claiming } });
    return this.claiming;
  }

  /** A fresh six-digit local link code on the display (never sent anywhere: it proves presence). */
  showLinkCode(): TClaimingCode {
    this.linkCodeShown = this.freshCode(LINK_CODE_TTL_SECONDS);
    return this.linkCodeShown;
  }

  /** The link code leaves the display: used, or void after too many wrong tries. */
  clearLinkCode(): void {
    this.linkCodeShown = null;
  }

  private freshCode(ttlSeconds: number): TClaimingCode {
    const code = String(this.random.int(0, 999_999)).padStart(6, '0');
    return { code, expiresAt: new Date(this.clock() + ttlSeconds * 1000).toISOString() };
  }

  /** Starts a cycle at the front panel, under the same rules as the cycle-start command. */
  startCycle(type: TCycleType): TPanelRefusal | null {
    const refusal = this.panelRefusal('cycle-start');
    if (refusal) return refusal;
    this.beginCycle(type);
    return null;
  }

  /** The stop button: ends the running cycle (its HACCP record says not completed). */
  stopCycle(): TPanelRefusal | null {
    const refusal = this.panelRefusal('cycle-stop');
    if (refusal) return refusal;
    this.endCycle(false);
    return null;
  }

  /** The main switch to off: drains the tank (SHUTDOWN), then OFF; a running cycle is stopped. */
  powerOff(): TPanelRefusal | null {
    const refusal = this.panelRefusal('switch-shutdown');
    if (refusal) return refusal;
    this.behaviour['switch-shutdown']({});
    return null;
  }

  /** The main switch to on, at the panel (refused while remote control is active); an ON machine stays as it is. */
  panelPowerOn(): TPanelRefusal | null {
    if (this.remoteControlActive) return 'PANEL_LOCKED';
    this.powerOn();
    return null;
  }

  /**
   * Opens the door (hood): a running cycle holds where it is; one held longer than S24 is stopped
   * (T17). No cycle starts while the door is open; Hiline machines show F1 until it is closed.
   * The door is not a panel button: remote control does not lock it.
   */
  openDoor(): void {
    if (this.door.open) return;
    this.door = { open: true, openFor: 0 };
    this.updateConditionAlarms();
  }

  /** Closes the door: a held cycle carries on. */
  closeDoor(): void {
    if (!this.door.open) return;
    this.door = { open: false, openFor: 0 };
    this.updateConditionAlarms();
  }

  /** Raises an alarm (a catalogue code, or any well-formed one); the id of the open alarm. */
  raiseAlarm(code: string, clearsAfterSeconds: number | null = null): string {
    return this.openAlarm(code, 'manual', clearsAfterSeconds);
  }

  /** Clears an open alarm by code: the same id again, now with its stopDate. */
  clearAlarm(code: string): boolean {
    const alarm = this.alarms.get(code);
    if (!alarm) return false;
    this.alarms.delete(code);
    this.emitter({
      topic: 'alarm',
      payload: { id: alarm.id, errorCode: code, startDate: alarm.startDate, stopDate: this.now() },
    });
    return true;
  }

  // ---- commands ----------------------------------------------------------------------------

  /**
   * Obeys one command and answers its result through `answer` — on `cmd/result` to the cloud unless
   * the command came another way (the local link) — acting once per command id, however often it
   * arrives. What the command changes is reported to the cloud either way.
   */
  handleCommand(
    command: TCommand,
    answer: (result: TCommandResult) => void = (result) => this.emitter({ topic: 'cmd/result', payload: result }),
  ): TCommandResult {
    const earlier = this.results.get(command.id);
    const result = earlier ?? this.execute(command);
    if (!earlier) {
      this.results.set(command.id, result);
      const oldest = this.results.keys().next();
      if (this.results.size > REMEMBERED_RESULTS && !oldest.done) this.results.delete(oldest.value);
    }
    answer(result);
    return result;
  }

  /** What the registry's refusal rules look at (`commandRefusal`). */
  private condition(): TMachineCondition {
    return {
      state: systemStateName(this.systemState),
      updating: this.fotaState !== null,
      cycleRunning: this.cycle !== null,
      doorOpen: this.door.open,
    };
  }

  /**
   * What the machine does for each command of the registry, once the registry's refusal rule let it
   * through; it throws a `Refusal` when its own rules say no. A new command of `COMMANDS` needs its
   * behaviour here.
   */
  private readonly behaviour: { readonly [K in TCommandName]: (args: TCommandArgs<K>) => void } = {
    'cycle-start': ({ cycleType }) => this.beginCycle(cycleType),
    'cycle-stop': () => this.endCycle(false),
    'switch-shutdown': () => {
      if (this.systemState === SYSTEM_STATES.OFF || this.systemState === SYSTEM_STATES.SHUTDOWN) return;
      if (this.cycle) this.endCycle(false, SYSTEM_STATES.SHUTDOWN);
      else this.setState(SYSTEM_STATES.SHUTDOWN);
    },
    'params-set': ({ values }) => {
      this.refuseOutOfRange(values);
      this.applyParameters(values);
    },
    // The range's presets, then the model's default parameter list the server sends over them.
    'restore-presets': ({ values = {} }) => {
      this.refuseOutOfRange(values);
      this.applyParameters({ ...presets(this.gamma), ...values });
    },
    'fota-start': ({ version }) => {
      this.fotaState = { version, elapsed: 0, lastPerc: 0 };
      this.emitter({ topic: 'fota', payload: { perc: 0, inProg: true, version } });
    },
    'expose-claiming-code': () => {
      this.showClaimingCode();
    },
    'run-live': ({ seconds }) => {
      this.liveUntilMs = this.clock() + seconds * 1000;
      this.reportPanelLock();
    },
    'tank-replace': ({ tank }) => this.replaceCanister(tank),
    // Faults that the machine raised and no longer holds are reset; the notices of its own state
    // (a chemical running low, an open door, maintenance due) stay while the state lasts.
    'alarm-reset': ({ codes }) => {
      const cleared = [...this.alarms.values()]
        .filter((alarm) => alarm.origin !== 'condition' && (!codes || codes.includes(alarm.code)))
        .map((alarm) => alarm.code);
      for (const code of cleared) this.clearAlarm(code);
      this.report = { cleared };
    },
    // The factory values of its range (not the server's default list), energy saving back on.
    'factory-reset': () => {
      this.applyParameters(presets(this.gamma), true);
      this.energySaving = true;
      this.emitter({ topic: 'info', payload: this.info() });
      this.report = { values: { ...this.parameters } };
    },
    'energy-saving': ({ on }) => {
      this.energySaving = on;
      this.emitter({ topic: 'info', payload: this.info() });
    },
    // Every step is checked before any is applied: a refused install changes nothing.
    // `at` comes only with a board replacement's restore: the machine was installed then, not now.
    install: ({ values, at, ...installation }) => {
      const refusal = installRefusal(installation, values, this.gamma);
      if (refusal) throw new Refusal('INSTALL_FAILED', refusal.rejected, refusal.step);
      this.installation = { ...installation, at: at ?? this.now() };
      this.applyParameters({ ...this.parameters, ...values });
      this.emitter({ topic: 'info', payload: this.info() });
    },
  };

  /** Tells the cloud when the panel lock changes (remote control began, or ran out). */
  private reportPanelLock(): void {
    if (this.remoteControlActive === this.reportedLock) return;
    this.reportedLock = this.remoteControlActive;
    this.emitter({ topic: 'status', payload: this.status() });
  }

  private execute(command: TCommand): TCommandResult {
    const error = commandRefusal(command.name, this.condition());
    if (error) return { id: command.id, ok: false, error };
    const act = this.behaviour[command.name] as (args: TCommand['args']) => void;
    this.report = {};
    try {
      act(command.args);
    } catch (refusal) {
      if (!(refusal instanceof Refusal)) throw refusal;
      return {
        id: command.id,
        ok: false,
        error: refusal.error,
        ...(refusal.rejected?.length ? { rejected: refusal.rejected } : {}),
        ...(refusal.step ? { step: refusal.step } : {}),
      };
    }
    return { id: command.id, ok: true, ...this.report };
  }

  /** A panel button's refusal: the lock of a remote session first, then the command's own rule. */
  private panelRefusal(name: TCommandName): TPanelRefusal | null {
    if (this.remoteControlActive) return 'PANEL_LOCKED';
    return commandRefusal(name, this.condition());
  }

  private replaceCanister(tank: TTank): void {
    if (tank === 'detergent') this.detergentMl = CANISTER_ML;
    else this.rinseAidMl = CANISTER_ML;
    this.updateConditionAlarms();
  }

  /** Refuses the whole set (VALUE_OUT_OF_RANGE, naming the keys) when any value is not one the range allows. */
  private refuseOutOfRange(values: TParameterValues): void {
    const rejected = Object.entries(values)
      .filter(([key, value]) => checkValue(key, value, this.gamma) !== 'ok')
      .map(([key]) => key);
    if (rejected.length > 0) throw new Refusal('VALUE_OUT_OF_RANGE', rejected);
  }

  /** Applies values already checked; a HACCP `parameter` event per value that changed, then `params`. */
  private applyParameters(values: TParameterValues, replace = false): void {
    const at = this.now();
    // A factory reset leaves only the range's own keys: values set beyond them are forgotten too.
    if (replace) this.parameters = Object.fromEntries(Object.entries(this.parameters).filter(([key]) => key in values));
    for (const [key, newValue] of Object.entries(values)) {
      const oldValue = this.parameters[key];
      if (oldValue === newValue) continue;
      this.parameters[key] = newValue;
      const prefix = key.split('.')[0];
      this.counters.logsCount += 1;
      this.emitter({
        topic: 'event',
        payload: {
          id: this.random.uuid(),
          kind: 'parameter',
          cycleName: CYCLE_TYPES.find((cycle) => cycle === prefix) ?? null,
          start: at,
          stop: at,
          parameterName: key,
          oldValue: oldValue ?? null,
          newValue,
        },
      });
    }
    this.machine = machineSettings(this.parameters, this.profile);
    this.idleSettings = this.settingsOf(this.selectedCycle);
    this.emitter({ topic: 'params', payload: { ts: at, values: { ...this.parameters } } });
    this.updateConditionAlarms();
  }

  // ---- time --------------------------------------------------------------------------------

  /** Moves the machine on by `seconds` of machine time, in steps short enough for the physics. */
  advance(seconds: number): void {
    let remaining = seconds;
    while (remaining > 1e-9) {
      let dt = Math.min(remaining, this.busy() ? BUSY_STEP : QUIET_STEP);
      const cycle = this.cycle;
      const phase = cycle?.plan[cycle.phaseIndex];
      // Never step across a phase boundary: the next phase starts exactly on time.
      if (cycle && phase) dt = Math.min(dt, Math.max(phase.seconds - cycle.phaseElapsed, 1e-6));
      this.step(dt);
      remaining -= dt;
    }
  }

  private busy(): boolean {
    return (this.systemState !== SYSTEM_STATES.OFF && this.systemState !== SYSTEM_STATES.IDLE) || this.boilerHeater;
  }

  private phase(): TPhase['kind'] | undefined {
    return this.cycle?.plan[this.cycle.phaseIndex]?.kind;
  }

  private step(dt: number): void {
    const m = this.machine;
    const p = this.profile;
    const powered = this.systemState !== SYSTEM_STATES.OFF && this.systemState !== SYSTEM_STATES.SHUTDOWN;
    const standby = this.standby;
    // Energy saving (S29): after long enough in standby the heaters stay off until the next cycle.
    const saving =
      this.energySaving &&
      standby &&
      m.heatersOffAfterSeconds !== null &&
      this.idleSeconds >= (m.standbyAfterSeconds ?? 0) + m.heatersOffAfterSeconds;
    const setpoints = this.cycle?.settings ?? this.idleSettings;
    const boilerSetpoint = standby ? m.standbyBoilerTemp : setpoints.boilerSetpoint;
    const tankSetpoint = standby ? m.standbyTankTemp : setpoints.tankSetpoint;

    // Thermostats with their switching differentials (S6, S9); a tank heater never runs dry.
    const heating = powered && !saving;
    // During a cycle the controller keeps the boiler topped up for the coming rinse instead of
    // letting it sag by the full differential.
    const boilerHysteresis = this.cycle ? Math.min(m.boilerHysteresis, 0.5) : m.boilerHysteresis;
    this.boilerHeater = heating && thermostat(this.boilerHeater, boilerMean(this.boiler), boilerSetpoint, boilerHysteresis);
    const tankWants =
      heating &&
      this.tankLevel > 0.7 * m.tankLitres &&
      thermostat(this.tankHeater, this.tankTemp, tankSetpoint, m.tankHysteresis);
    this.tankHeater = tankWants && !(m.heaterPriority && this.boilerHeater);
    // Scale on the element holds its heat in, so its own cut-out keeps switching it off: the water
    // gets (and the meter counts) only a share of the rated power.
    const boilerKw = this.boilerHeater ? m.boilerHeaterKw * this.boilerHeaterShare : 0;
    const tankKw = this.tankHeater ? m.tankHeaterKw : 0;
    let pumpKw = 0;

    heatBoiler(this.boiler, boilerKw, m.boilerLitres, p.boilerLossTau, this.room, dt);
    const phase = this.phase();
    this.tankTemp = heatStep(
      this.tankTemp,
      tankKw,
      this.tankLevel,
      phase === 'wash' ? p.tankWashingLossTau : p.tankLossTau,
      this.room,
      dt,
    );

    if (this.systemState === SYSTEM_STATES.IDLE) this.idleSeconds += dt;
    if (this.systemState === SYSTEM_STATES.STARTUP) this.startUp(dt);
    if (this.systemState === SYSTEM_STATES.SHUTDOWN) {
      pumpKw += p.drainPumpKw;
      this.drain(dt);
      this.shutdownElapsed += dt;
      if (this.shutdownElapsed >= m.drainSeconds) {
        this.counters.cyclesSinceEmptying = 0;
        this.setState(SYSTEM_STATES.OFF);
        this.updateConditionAlarms();
        this.emitter({ topic: 'stats', payload: this.stats() });
        this.scheduleAutoPowerOn();
      }
    }
    if (this.door.open && this.cycle) {
      // The wash arms stop while the door is open; past S24 the machine gives the cycle up.
      this.door.openFor += dt;
      if (this.door.openFor >= m.maxDoorOpenSeconds) this.endCycle(false, undefined, true);
    } else if (this.cycle && phase) pumpKw += this.runPhase(this.cycle, phase, dt);

    this.counters.energyWh += ((boilerKw + tankKw + pumpKw) * dt) / 3.6;
    if (this.boilerHeater) this.counters.boilerHeaterSeconds += dt;
    if (this.tankHeater) this.counters.tankHeaterSeconds += dt;
    this.progressFota(dt);
    this.progressAlarms(dt);
    this.reportPanelLock();
    // Last, so that a cycle started now begins with the next step, on a phase boundary.
    this.behave(dt);
  }

  /** One step of the running cycle's current phase; the pump power it draws. */
  private runPhase(cycle: TRunningCycle, phase: TPhase['kind'], dt: number): number {
    const m = this.machine;
    const p = this.profile;
    // Thermostop (S2, S3): a rinse waits for a hot boiler, at most S22 (then T16 and rinse anyway);
    // a wash waits for a hot tank, at most the tank heating time S18.
    // The controller decides on its probe's reading; the wash logs the reading it started on, so a
    // wash let through at S3 never records a peak below S3 because of the next reading's noise.
    if (cycle.phaseElapsed === 0 && (phase === 'rinse' || phase === 'wash')) {
      const rinse = phase === 'rinse';
      const reading = this.sense(rinse ? boilerMean(this.boiler) : this.tankTemp);
      const cold = reading < (rinse ? m.minRinseTemp : m.minWashTemp);
      if (cold && cycle.waited < (rinse ? m.maxPauseSeconds : m.maxTankHeatingSeconds)) {
        cycle.waited += dt;
        return 0;
      }
      if (cold && rinse) cycle.pauseTimedOut = true;
      if (!rinse) cycle.wash = extend(cycle.wash, reading);
      cycle.waited = 0;
    }
    let pumpKw = 0;
    switch (phase) {
      case 'wash': {
        pumpKw = p.washPumpKw;
        this.counters.washPumpSeconds += dt;
        const tankCapacity = Math.max(this.tankLevel, 0.1) * WATER_HEAT_CAPACITY;
        [this.tankTemp, this.rackTemp] = exchange(this.tankTemp, tankCapacity, this.rackTemp, p.rackHeatCapacity, p.rackTau, dt);
        cycle.wash = extend(cycle.wash, this.sense(this.tankTemp));
        break;
      }
      case 'rinse': {
        pumpKw = p.rinsePumpKw;
        this.counters.rinsePumpSeconds += dt;
        this.rinseFlow = cycle.settings.rinseLitres / Math.max(cycle.settings.rinseSeconds, 1);
        const litres = this.rinseFlow * dt;
        // The rinse leaves from the top of the boiler; cold mains water enters at the bottom.
        const outlet = drawFromBoiler(this.boiler, m.boilerLitres, litres, this.inlet);
        const reading = this.sense(outlet);
        cycle.rinse = extend(cycle.rinse, reading);
        // One sample a second of rinse, whatever the tick (a long tick repeats its reading).
        while (cycle.rinseTrace.length <= cycle.rinseSeconds && cycle.rinseTrace.length < RINSE_TRACE_MAX_SAMPLES) {
          cycle.rinseTrace.push(tenths(reading));
        }
        cycle.rinseSeconds += dt;
        cycle.rinseHeat += outlet * litres;
        this.counters.waterLitres += litres;
        cycle.rinseLitres += litres;
        this.lastRinseLitres = cycle.rinseLitres;
        // Rinse water ends in the tank, a little cooled by the ware; the overflow takes the surplus.
        this.tankTemp = mix(this.tankTemp, this.tankLevel, outlet - 3, litres);
        this.tankLevel = Math.min(m.tankLitres, this.tankLevel + litres);
        break;
      }
      case 'drain':
        pumpKw = p.drainPumpKw;
        this.drain(dt);
        break;
      case 'fill':
        this.fillTank(dt);
        break;
      case 'regenerate':
        // Brine and rinse water for the softener resin go straight to the drain.
        this.counters.waterLitres += 0.02 * dt;
        break;
      case 'soak':
      case 'pause':
        break;
    }
    cycle.phaseElapsed += dt;
    cycle.elapsed += dt;
    const current = cycle.plan[cycle.phaseIndex];
    if (current && cycle.phaseElapsed >= current.seconds - 1e-6) {
      if (current.kind === 'drain') this.counters.cyclesSinceEmptying = 0;
      cycle.phaseIndex += 1;
      cycle.phaseElapsed = 0;
      if (cycle.phaseIndex >= cycle.plan.length) this.endCycle(true);
    }
    return pumpKw;
  }

  /** Start-up: heat the boiler, fill the tank with its hot water, heat the tank, then READY. */
  private startUp(dt: number): void {
    const m = this.machine;
    const s = this.idleSettings;
    const boilerHot = boilerMean(this.boiler) >= s.boilerSetpoint - m.boilerHysteresis;
    if (boilerHot) this.startupBoilerReady = true;
    if (!this.startupBoilerReady) return;
    if (this.tankLevel < m.tankLitres - 1e-6) {
      this.fillTank(dt);
      return;
    }
    if (boilerHot && this.tankTemp >= s.tankSetpoint - m.tankHysteresis) this.setState(SYSTEM_STATES.IDLE);
  }

  /** Fills the tank through the boiler, which refills with cold water behind it; doses detergent (S46). */
  private fillTank(dt: number): void {
    const m = this.machine;
    const litres = Math.min(this.profile.fillRate * dt, m.tankLitres - this.tankLevel);
    if (litres <= 0) return;
    const outlet = drawFromBoiler(this.boiler, m.boilerLitres, litres, this.inlet);
    this.tankTemp = this.tankLevel < 0.05 ? outlet : mix(this.tankTemp, this.tankLevel, outlet, litres);
    this.tankLevel += litres;
    this.counters.waterLitres += litres;
    this.detergentMl = Math.max(0, this.detergentMl - (m.fillDetergent * litres) / m.detergentDensity);
  }

  private drain(dt: number): void {
    this.tankLevel = Math.max(0, this.tankLevel - this.profile.drainRate * dt);
  }

  /** The kitchen acting on its own (see TActivity). */
  private behave(dt: number): void {
    const a = this.activity;
    const chance = (perHour: number): boolean => perHour > 0 && this.random.next() < (perHour * dt) / 3600;
    if (
      this.systemState === SYSTEM_STATES.IDLE &&
      !this.fotaState &&
      !this.door.open &&
      chance(cyclesPerHourAt(a.cyclesPerHour, this.clock()))
    )
      this.beginCycle(this.nextKitchenCycle());
    if (this.systemState === SYSTEM_STATES.OFF && this.offFor !== null) {
      this.offFor -= dt;
      if (this.offFor <= 0) this.powerOn();
    }
    if (a.cyclesPerHour !== 0 && chance(3600 / KITCHEN_REACTION_SECONDS) && this.systemState !== SYSTEM_STATES.STARTUP) {
      if (this.detergentMl < LOW_CHEMICAL_ML) this.replaceCanister('detergent');
      if (this.rinseAidMl < LOW_CHEMICAL_ML) this.replaceCanister('rinseAid');
    }
    if (this.systemState !== SYSTEM_STATES.OFF && chance(a.alarmsPerHour)) {
      const choices = this.alarmCodes.randomChoices.filter(([code]) => !this.alarms.has(code));
      const code = weighted(this.random, choices);
      // Most faults are short-lived (a door, a slow fill); a few wait for someone for hours.
      if (code) this.openAlarm(code, 'random', Math.max(30, this.random.exponential(1200)));
    }
  }

  /** The cycle the kitchen starts next: what a notice asks for, else a popular programme. */
  private nextKitchenCycle(): TCycleType {
    const c = this.counters;
    const m = this.machine;
    if (c.cyclesSinceRegeneration >= m.regenerationInterval) return 'regeneration';
    if (m.cyclesBeforeWaterChange !== null && c.cyclesSinceEmptying >= m.cyclesBeforeWaterChange) return 'manualDrain';
    return weighted(this.random, CYCLE_POPULARITY) ?? 'dishes';
  }

  private beginCycle(type: TCycleType): void {
    const settings = this.settingsOf(type);
    const plan = cyclePlan(type, settings, this.machine, this.profile);
    this.selectedCycle = type;
    this.idleSettings = settings;
    this.idleSeconds = 0;
    this.counters.totalCycles += 1;
    this.cycle = {
      type,
      number: this.counters.totalCycles,
      settings,
      plan,
      duration: planSeconds(plan),
      phaseIndex: 0,
      phaseElapsed: 0,
      elapsed: 0,
      waited: 0,
      pauseTimedOut: false,
      startedAt: this.clock(),
      wash: null,
      rinse: null,
      rinseHeat: 0,
      rinseLitres: 0,
      rinseTrace: [],
      rinseSeconds: 0,
    };
    // A fresh rack of ware, a little warmer than the room.
    this.rackTemp = this.room + 5;
    this.lastRinseLitres = 0;
    this.detergentMl = Math.max(0, this.detergentMl - settings.detergentMl);
    this.rinseAidMl = Math.max(0, this.rinseAidMl - settings.rinseAidMl);
    this.setState(SYSTEM_STATES.RUN);
  }

  /** Ends the running cycle: its HACCP record, the counters, then READY (or STARTUP to reheat). */
  private endCycle(completed: boolean, next?: TSystemState, doorOpenTooLong = false): void {
    const cycle = this.cycle;
    if (!cycle) return;
    this.cycle = null;
    const tankNow = this.sense(this.tankTemp);
    const outletNow = this.sense(this.boiler.top);
    // A phase that never ran (a stopped cycle, a drain) reports what its probe reads at the end.
    const wash = cycle.wash ?? { min: tankNow, max: tankNow };
    const rinse = cycle.rinse ?? { min: outletNow, max: outletNow };
    const measurements: TCycleMeasurements = {
      washMinTmp: tenths(wash.min),
      washMaxTmp: tenths(wash.max),
      rinseMinTmp: tenths(rinse.min),
      rinseMaxTmp: tenths(rinse.max),
      rinseWaterVlm: Math.round(cycle.rinseLitres * 10),
    };
    const c = this.counters;
    const washing = cycle.settings.washSeconds > 0 && cycle.type !== 'selfWash';
    if (completed && cycle.type === 'regeneration') {
      c.regenerationCycles += 1;
      c.cyclesSinceRegeneration = 0;
    }
    if (completed && washing) {
      c.cyclesSinceMaintenance += 1;
      c.cyclesSinceEmptying += 1;
      c.cyclesSinceRegeneration += 1;
    }
    this.lastCycle.notCompleted = !completed;
    this.lastCycle.pauseTimeout = cycle.pauseTimedOut;
    this.lastCycle.doorOpenTooLong = doorOpenTooLong;
    // W08/H1 judge the rinse as a whole: its mean temperature. The outlet dips a degree or two
    // below S2 in many rinses (the thermostop only guarantees the start); the HACCP record shows it.
    this.lastCycle.rinseTooCold = cycle.rinseLitres > 0 && cycle.rinseHeat / cycle.rinseLitres < this.machine.minRinseTemp;
    this.lastCycle.washTooCold = cycle.wash !== null && cycle.wash.min < this.machine.minWashTemp;
    c.logsCount += 1;
    this.emitter({
      topic: 'event',
      payload: {
        id: this.random.uuid(),
        kind: 'cycle',
        cycleName: cycle.type,
        cycleNumber: cycle.number,
        start: new Date(cycle.startedAt).toISOString(),
        stop: this.now(),
        completed,
        measurements,
        ...(cycle.rinseTrace.length > 0 ? { rinseTrace: cycle.rinseTrace } : {}),
      },
    });
    // After the water was changed (or a drain was stopped halfway) the machine refills and reheats
    // before it is READY again.
    const changedWater = cycle.plan.slice(0, cycle.phaseIndex + 1).some((phase) => phase.kind === 'drain');
    if (changedWater) this.startupBoilerReady = false;
    this.setState(next ?? (changedWater ? SYSTEM_STATES.STARTUP : SYSTEM_STATES.IDLE));
    this.updateConditionAlarms();
    this.emitter({ topic: 'stats', payload: this.stats() });
  }

  /** Opens or closes the alarms that follow the machine's own state (notices, HACCP warnings). */
  private updateConditionAlarms(): void {
    const c = this.counters;
    const m = this.machine;
    const wanted: Record<TAlarmRole, boolean> = {
      maintenanceDue: m.maintenanceInterval !== null && c.cyclesSinceMaintenance >= m.maintenanceInterval,
      waterChange: m.cyclesBeforeWaterChange !== null && c.cyclesSinceEmptying >= m.cyclesBeforeWaterChange,
      detergentLow: m.detergentSensor && this.detergentMl < LOW_CHEMICAL_ML,
      rinseAidLow: m.rinseAidSensor && this.rinseAidMl < LOW_CHEMICAL_ML,
      regenerationDue: c.cyclesSinceRegeneration >= m.regenerationInterval,
      rinseTooCold: this.lastCycle.rinseTooCold,
      washTooCold: this.lastCycle.washTooCold,
      pauseTimeout: this.lastCycle.pauseTimeout,
      cycleNotCompleted: this.lastCycle.notCompleted,
      doorOpen: this.door.open,
      doorOpenTooLong: this.lastCycle.doorOpenTooLong,
    };
    // Two roles may share one code (Hiline F5: detergent or rinse aid): open while either holds.
    const byCode = new Map<string, boolean>();
    for (const [role, code] of Object.entries(this.alarmCodes.roleCodes) as [TAlarmRole, string][]) {
      byCode.set(code, (byCode.get(code) ?? false) || wanted[role]);
    }
    for (const [code, on] of byCode) {
      const open = this.alarms.get(code);
      if (on && !open) this.openAlarm(code, 'condition', null);
      else if (!on && open?.origin === 'condition') this.clearAlarm(code);
    }
  }

  private openAlarm(code: string, origin: TActiveAlarm['origin'], clearsIn: number | null): string {
    const open = this.alarms.get(code);
    if (open) return open.id;
    const alarm: TActiveAlarm = { id: this.random.uuid(), code, startDate: this.now(), clearsIn, origin };
    this.alarms.set(code, alarm);
    this.counters.logsCount += 1;
    this.emitter({ topic: 'alarm', payload: { id: alarm.id, errorCode: code, startDate: alarm.startDate, stopDate: null } });
    return alarm.id;
  }

  private progressFota(dt: number): void {
    const fota = this.fotaState;
    if (!fota) return;
    fota.elapsed += dt;
    const perc = Math.min(100, Math.floor((fota.elapsed / this.fotaSeconds) * 100));
    if (perc >= 100) {
      this.fotaState = null;
      this.versionSet = { ...this.versionSet, fw00: fota.version };
      this.emitter({ topic: 'fota', payload: { perc: 100, inProg: false, version: fota.version } });
      this.emitter({ topic: 'versions', payload: { ...this.versionSet } });
      return;
    }
    // Report in steps of 5 %: a smooth bar without flooding the broker.
    if (perc >= fota.lastPerc + 5) {
      fota.lastPerc = perc - (perc % 5);
      this.emitter({ topic: 'fota', payload: { perc: fota.lastPerc, inProg: true, version: fota.version } });
    }
  }

  private progressAlarms(dt: number): void {
    for (const alarm of this.alarms.values()) {
      if (alarm.clearsIn === null) continue;
      alarm.clearsIn -= dt;
      if (alarm.clearsIn <= 0) this.clearAlarm(alarm.code);
    }
  }

  // ---- helpers -----------------------------------------------------------------------------

  private setState(next: TSystemState): void {
    if (next === this.systemState) return;
    if (next === SYSTEM_STATES.SHUTDOWN) this.shutdownElapsed = 0;
    if (next !== SYSTEM_STATES.IDLE) this.idleSeconds = 0;
    this.systemState = next;
    this.emitter({ topic: 'status', payload: this.status() });
  }

  private scheduleAutoPowerOn(): void {
    const mean = this.activity.powerOnAfterSeconds;
    this.offFor = mean === null ? null : this.random.exponential(mean);
  }

  private settingsOf(cycle: TCycleType): TCycleSettings {
    return cycleSettings(this.parameters, cycle, this.profile, this.machine);
  }

  private maintenanceInterval(): number {
    return maintenanceInterval(this.machine);
  }

  /** A probe reading: the true value with a little noise. */
  private sense(celsius: number): number {
    return celsius + this.random.normal(0, 0.15);
  }

  private now(): string {
    return new Date(this.clock()).toISOString();
  }

  private initialCounters(from: number | TLifetimeCounters): TCounters {
    const m = this.machine;
    const lifetime = typeof from === 'number' ? typicalCounters(from, this.profile, m) : { ...from };
    const cycles = lifetime.totalCycles;
    return {
      ...lifetime,
      cyclesSinceEmptying: cycles > 0 ? this.random.int(0, Math.floor((m.cyclesBeforeWaterChange ?? 200) / 2)) : 0,
      cyclesSinceRegeneration: cycles > 0 ? this.random.int(0, Math.floor(m.regenerationInterval / 2)) : 0,
    };
  }
}

function extend(range: TRange | null, value: number): TRange {
  return range ? { min: Math.min(range.min, value), max: Math.max(range.max, value) } : { min: value, max: value };
}

function weighted<T>(random: TRandom, choices: readonly (readonly [T, number])[]): T | undefined {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [item, weight] of choices) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return choices.at(-1)?.[0];
}
