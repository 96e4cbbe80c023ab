import {
  COMMAND_NAMES,
  ZCommand,
  type TClaimingCode,
  type TCommandResult,
  type TCycleType,
  type TDeviceMessageError,
  type TDeviceStats,
  type TDeviceTopic,
  type TGamma,
  type TSystemState,
  type TSystemStateName,
  type TVersions,
  type TWifiSecurity,
} from '@washboard/contracts';
import type { TParameterValues } from './catalogue';
import { DeviceLink, type TMqttOptions } from './device-link';
import { DELIVERY, type TDeviceMessage } from './device-message';
import { DishwasherModel, type TCycleView, type TDishwasherModelOptions } from './dishwasher.model';
import type { TMachineProfile } from './machine-profile';
import { Outbox } from './outbox';
import { RecordLog } from './record-log';
import { seedFrom } from './random';

export type TVirtualDishwasherOptions = Omit<TDishwasherModelOptions, 'emit' | 'serial'> & {
  /** the machine's serial number (its MQTT identity); give it or `spareBoard` */
  serial?: string;
  /**
   * a spare main board in its bag that knows no machine yet (docs/local-link.md, "Board
   * replacement"): it advertises `WB-<boardSerial>` and takes its machine's serial number once, over
   * the local link; instead of `serial`
   */
  spareBoard?: { boardSerial: string };
  /** device secret (the password); omit for brokers without authentication */
  secret?: string;
  /** mqtt://host:port; can also be given to `connect()` */
  broker?: string;
  /** machine seconds per real second (default 1): 60 runs an hour of kitchen in a minute */
  speed?: number;
  /** real seconds between two telemetry messages (default 10); run-live makes it 1 for a while */
  telemetryIntervalSeconds?: number;
  mqtt?: TMqttOptions;
  /** records kept while offline (default 1000) */
  outboxLimit?: number;
};

/** Refusals a machine keeps in its log. */
const REFUSALS_KEPT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One simulated dishwasher on the network: the machine model, its MQTT connection and outbox, and
 * its beat. In a `Fleet` the fleet's single timer calls `tick()`; alone, `start()` gives it its
 * own. Tests can drive it by hand with a fake `clock` and `tick()`, or with `advance()`.
 */
export class VirtualDishwasher {
  /** the machine itself, for what the getters below do not cover */
  readonly model: DishwasherModel;

  private readonly clock: () => number;
  private readonly speed: number;
  private readonly telemetryMs: number;
  private readonly outbox: Outbox;
  private readonly listeners = new Set<(message: TDeviceMessage) => void>();
  private readonly options: TVirtualDishwasherOptions;
  private link: DeviceLink | null = null;
  /** messages sent over earlier connections */
  private sentBefore = 0;
  private lastTick: number | null = null;
  private nextTelemetry: number;
  private timer: NodeJS.Timeout | null = null;

  /** The cloud's latest refusals of this machine's messages (its `error` topic), oldest first: the machine's log. */
  readonly refusals: TDeviceMessageError[] = [];
  /** The HACCP records the machine made, numbered: what the local link's records-get reads. */
  readonly records = new RecordLog();
  /** The Wi-Fi network given over the local link (its passphrase is kept, never shown). */
  private wifi: { ssid: string; security: TWifiSecurity; password: string } | null = null;
  /** The device secret: from the factory (options), or given over the local link at commissioning. */
  private secret: string | undefined;
  /** The machine's serial number; null while the board is a spare that was given none. */
  private machineSerial: string | null;

  constructor(options: TVirtualDishwasherOptions) {
    if ((options.serial === undefined) === (options.spareBoard === undefined))
      throw new Error('a virtual dishwasher is either a machine (serial) or a spare board (spareBoard)');
    this.options = options;
    this.machineSerial = options.serial ?? null;
    this.secret = options.secret;
    this.clock = options.clock ?? Date.now;
    this.speed = options.speed ?? 1;
    this.telemetryMs = (options.telemetryIntervalSeconds ?? 10) * 1000;
    this.outbox = new Outbox(options.outboxLimit);
    const boardSerial = options.spareBoard?.boardSerial ?? options.boardSerial;
    this.model = new DishwasherModel({
      ...options,
      // A spare's randomness is seeded by its board serial: it has no other name yet.
      serial: options.serial ?? boardSerial ?? '',
      boardSerial,
      clock: this.clock,
      emit: (message) => this.dispatch(message),
    });
    // Spread the fleet's telemetry over the interval instead of sending it all in one burst; with a
    // seed, the same spread every run.
    const phase = options.seed === undefined ? Math.random() : seedFrom(options.seed, this.serial, 'telemetry') / 2 ** 32;
    this.nextTelemetry = this.clock() + phase * this.telemetryMs;
  }

  // ---- who it is ---------------------------------------------------------------------------

  /** The machine's serial number (its MQTT identity); a spare board's own serial until it is given one. */
  get serial(): string {
    return this.machineSerial ?? this.model.boardSerial;
  }

  /** The main board's own serial number, printed on it as a QR code. */
  get boardSerial(): string {
    return this.model.boardSerial;
  }

  /** A spare main board that knows no machine yet. */
  get spare(): boolean {
    return this.machineSerial === null;
  }

  /**
   * A spare board fitted to a machine takes the machine's serial number, once (over the local link,
   * with the broker credentials). False when the board already belongs to another serial number;
   * true for its own.
   */
  takeSerial(serial: string): boolean {
    if (this.machineSerial === null) this.machineSerial = serial;
    return this.machineSerial === serial;
  }

  // ---- the network -------------------------------------------------------------------------

  /** Connects to the broker (see DeviceLink.connect for when it resolves and rejects). */
  connect(broker?: string): Promise<void> {
    const url = broker ?? this.options.broker;
    if (!url) return Promise.reject(new Error(`${this.serial}: no broker URL`));
    // A spare board has no MQTT identity until it is given its machine's serial number.
    if (this.spare) return Promise.reject(new Error(`${this.serial}: a spare board without a machine serial`));
    if (!this.link) {
      this.link = new DeviceLink({
        ...this.options.mqtt,
        broker: url,
        serial: this.serial,
        secret: this.secret,
        outbox: this.outbox,
        onConnect: () => this.model.announce(),
        onCommand: (payload) => {
          this.receiveCommand(payload);
        },
        onRefused: (error) => {
          this.refusals.push(error);
          if (this.refusals.length > REFUSALS_KEPT) this.refusals.shift();
        },
      });
    }
    return this.link.connect();
  }

  /** Loses the connection ungracefully (the socket is destroyed, so the last will fires). */
  disconnect(): void {
    this.sentBefore += this.link?.sent ?? 0;
    this.link?.disconnect();
    this.link = null;
  }

  /** Leaves properly: retained status offline, DISCONNECT, and the own timer stopped. */
  async close(): Promise<void> {
    this.stop();
    const link = this.link;
    this.link = null;
    this.sentBefore += link?.sent ?? 0;
    await link?.close();
  }

  get connected(): boolean {
    return this.link?.connected ?? false;
  }

  /** Records waiting for the broker's acknowledgement. */
  get outboxSize(): number {
    return this.outbox.size;
  }

  /** Messages written to broker connections so far. */
  get sent(): number {
    return this.sentBefore + (this.link?.sent ?? 0);
  }

  /** Every message the machine sends, online or not; returns the unsubscribe function. */
  onMessage(listener: (message: TDeviceMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A command as it arrives on `cmd` (JSON text, bytes or an object), or over the local link.
   * Answers through `answer` (default: on `cmd/result` to the cloud): an unknown name is
   * UNSUPPORTED, bad arguments INVALID_ARGS; a message without a usable id cannot be answered and
   * is ignored (null).
   */
  receiveCommand(
    raw: Buffer | string | object,
    answer: (result: TCommandResult) => void = (result) => this.dispatch({ topic: 'cmd/result', payload: result }),
  ): TCommandResult | null {
    let data: unknown = raw;
    try {
      if (Buffer.isBuffer(raw)) data = JSON.parse(raw.toString('utf8'));
      else if (typeof raw === 'string') data = JSON.parse(raw);
    } catch {
      return null;
    }
    const parsed = ZCommand.safeParse(data);
    if (parsed.success) {
      const result = this.model.handleCommand(parsed.data, answer);
      // Live mode starts now, not at the next regular telemetry.
      if (parsed.data.name === 'run-live' && result.ok) this.nextTelemetry = this.clock();
      return result;
    }
    const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const id = fields.id;
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    const known = (COMMAND_NAMES as readonly unknown[]).includes(fields.name);
    const result: TCommandResult = { id, ok: false, error: known ? 'INVALID_ARGS' : 'UNSUPPORTED' };
    answer(result);
    return result;
  }

  // ---- time --------------------------------------------------------------------------------

  /** One beat: the machine catches up with the wall clock (× speed) and sends telemetry when due. */
  tick(now: number = this.clock()): void {
    if (this.lastTick !== null && now > this.lastTick) {
      this.model.advance(((now - this.lastTick) / 1000) * this.speed);
    }
    this.lastTick = now;
    if (now >= this.nextTelemetry) {
      this.sendTelemetry();
      const interval = now < this.model.liveUntil ? 1000 : this.telemetryMs;
      // Keep the phase; after a stall, resume from now rather than sending a burst.
      this.nextTelemetry += interval;
      if (this.nextTelemetry <= now) this.nextTelemetry = now + interval;
    }
  }

  /** Moves machine time on directly (tests); telemetry is not sent. */
  advance(machineSeconds: number): void {
    this.model.advance(machineSeconds);
  }

  /** Sends one telemetry reading now. */
  sendTelemetry(): void {
    this.dispatch({ topic: 'telemetry', payload: this.model.telemetry() });
  }

  /** Gives this machine its own timer (not needed inside a Fleet). */
  start(tickMs = 500): void {
    if (this.timer) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Every record the broker acknowledged (its PUBACK), once each, with the body as sent: what the
   * machine may forget. Durability drills compare these with what the server stored.
   */
  onAcknowledged(listener: (topic: TDeviceTopic, body: string) => void): () => void {
    return this.outbox.onAcknowledged((entry) => listener(entry.topic, entry.body));
  }

  // ---- the machine -------------------------------------------------------------------------

  powerOn(): boolean {
    return this.model.powerOn();
  }

  /** The show-code button on the machine. */
  pressShowCode(): TClaimingCode {
    return this.model.showClaimingCode();
  }

  /** Starts a cycle at the front panel; the refusal code, or null when it started. */
  startCycle(type: TCycleType): ReturnType<DishwasherModel['startCycle']> {
    return this.model.startCycle(type);
  }

  raiseAlarm(code: string, clearsAfterSeconds: number | null = null): string {
    return this.model.raiseAlarm(code, clearsAfterSeconds);
  }

  clearAlarm(code: string): boolean {
    return this.model.clearAlarm(code);
  }

  get gamma(): TGamma {
    return this.model.gamma;
  }

  get profile(): TMachineProfile {
    return this.model.profile;
  }

  get state(): TSystemState {
    return this.model.state;
  }

  get stateName(): TSystemStateName {
    return this.model.stateName;
  }

  get display(): string {
    return this.model.display;
  }

  get claimingCode(): TClaimingCode | null {
    return this.model.claimingCode;
  }

  get currentCycle(): TCycleView | null {
    return this.model.currentCycle;
  }

  get temperatures(): DishwasherModel['temperatures'] {
    return this.model.temperatures;
  }

  get params(): Readonly<TParameterValues> {
    return this.model.params;
  }

  get versions(): Readonly<TVersions> {
    return this.model.versions;
  }

  get stats(): TDeviceStats {
    return this.model.stats();
  }

  get activeAlarms(): DishwasherModel['activeAlarms'] {
    return this.model.activeAlarms;
  }

  get fota(): DishwasherModel['fota'] {
    return this.model.fota;
  }

  /** Takes the Wi-Fi network a phone gave inside a local link session (commissioning). */
  joinWifi(network: { ssid: string; security: TWifiSecurity; password: string }): void {
    this.wifi = { ...network };
    this.joinWhenCommissioned();
  }

  /**
   * Takes the device secret a phone gave inside a local link session (commissioning): the server
   * issued it for this machine. A connection made with an older secret is dropped; with a network
   * and its broker's address (the factory's), the machine connects with the new one.
   */
  takeBrokerCredentials(secret: string): void {
    this.secret = secret;
    if (this.link) this.disconnect();
    this.joinWhenCommissioned();
  }

  /** Whether the machine holds broker credentials (never the secret itself). */
  get hasBrokerCredentials(): boolean {
    return this.secret !== undefined;
  }

  /**
   * A boxed machine reaches its broker once it has both a network and credentials. It keeps trying
   * in the background, as a real one would; a refusal of its credentials leaves it offline (its
   * info says so to the phone).
   */
  private joinWhenCommissioned(): void {
    if (!this.wifi || this.secret === undefined || !this.options.broker || this.link || this.spare) return;
    this.connect().catch(() => undefined);
  }

  /** The Wi-Fi network the machine was given, without its passphrase; null before commissioning. */
  get wifiNetwork(): { ssid: string; security: TWifiSecurity } | null {
    return this.wifi ? { ssid: this.wifi.ssid, security: this.wifi.security } : null;
  }

  private dispatch(message: TDeviceMessage): void {
    this.records.add(message);
    for (const listener of this.listeners) listener(message);
    const delivery = DELIVERY[message.topic];
    // Nobody would read live data sent while offline; skip even the serialising.
    if (!this.link && delivery.keep === 'none') return;
    const body = JSON.stringify(message.payload);
    if (this.link) this.link.send(message.topic, body);
    else this.outbox.put(message.topic, body, delivery);
  }
}
