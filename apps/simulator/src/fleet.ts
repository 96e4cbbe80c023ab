import type { TDeviceStats, TGamma } from '@washboard/contracts';
import type { TMqttOptions } from './device-link';
import type { TActivity } from './dishwasher.model';
import type { TMachineType } from './machine-profile';
import { randomSeed } from './random';
import { heatingCondition } from './machine-condition';
import { VirtualDishwasher } from './virtual-dishwasher';

/** Settings shared by every machine of a fleet; a member may override its own. */
export type TFleetOptions = {
  /** mqtt://host:port of the broker the machines connect to */
  broker?: string;
  /** machine seconds per real second (default 1) */
  speed?: number;
  /** real ms between two beats of the fleet's one timer (default 500) */
  tickMs?: number;
  /** one seed replays the whole fleet (each machine derives its own from it and its serial) */
  seed?: number;
  clock?: () => number;
  gamma?: TGamma;
  telemetryIntervalSeconds?: number;
  activity?: Partial<TActivity>;
  initialState?: 'OFF' | 'IDLE';
  mqtt?: TMqttOptions;
  /** connections opened at once by `connectAll` (default 100), so a big fleet ramps up */
  connectConcurrency?: number;
  outboxLimit?: number;
};

/** One machine of the fleet: its credentials and what makes it itself. */
export type TFleetMember = {
  serial: string;
  secret?: string;
  gamma?: TGamma;
  machineType?: TMachineType;
  initialState?: 'OFF' | 'IDLE';
  initialCycles?: number;
  /** the last counter report it sent: it carries on from there (`TDishwasherModelOptions.resumeFrom`) */
  resumeFrom?: TDeviceStats;
};

export type TConnectReport = { connected: number; failed: { serial: string; error: Error }[] };

/**
 * Many machines in one process, cheaply: one timer for all of them (each beat advances every
 * machine by the real time elapsed × speed and sends the telemetry that is due), one MQTT
 * connection per machine, and connections opened a batch at a time.
 */
export class Fleet {
  private readonly members = new Map<string, VirtualDishwasher>();
  private readonly options: TFleetOptions;
  private readonly seed: number;
  private readonly clock: () => number;
  private timer: NodeJS.Timeout | null = null;

  constructor(options: TFleetOptions = {}) {
    this.options = options;
    this.seed = options.seed ?? randomSeed();
    this.clock = options.clock ?? Date.now;
  }

  /** Adds a machine (not yet connected; `connectAll()` or `machine.connect()` does that). */
  add(member: TFleetMember): VirtualDishwasher {
    if (this.members.has(member.serial)) throw new Error(`${member.serial} is already in the fleet`);
    const o = this.options;
    const machine = new VirtualDishwasher({
      serial: member.serial,
      secret: member.secret,
      gamma: member.gamma ?? o.gamma,
      machineType: member.machineType,
      initialState: member.initialState ?? o.initialState,
      initialCycles: member.initialCycles,
      resumeFrom: member.resumeFrom,
      // Each machine's site and wear, from the fleet's seed: its seeded history has the same.
      condition: heatingCondition(this.seed, member.serial),
      seed: this.seed,
      clock: this.clock,
      broker: o.broker,
      speed: o.speed,
      telemetryIntervalSeconds: o.telemetryIntervalSeconds,
      activity: o.activity,
      mqtt: o.mqtt,
      outboxLimit: o.outboxLimit,
    });
    this.members.set(member.serial, machine);
    if (this.timer) machine.tick();
    return machine;
  }

  /** Takes a machine out; it leaves the broker properly. */
  async remove(serial: string): Promise<boolean> {
    const machine = this.members.get(serial);
    if (!machine) return false;
    this.members.delete(serial);
    await machine.close();
    return true;
  }

  get(serial: string): VirtualDishwasher | undefined {
    return this.members.get(serial);
  }

  get machines(): VirtualDishwasher[] {
    return [...this.members.values()];
  }

  get size(): number {
    return this.members.size;
  }

  get running(): boolean {
    return this.timer !== null;
  }

  /** Starts the fleet's timer. It does not keep the process alive on its own (unref). */
  start(): this {
    if (this.timer) return this;
    this.tick();
    this.timer = setInterval(() => this.tick(), this.options.tickMs ?? 500);
    this.timer.unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One beat for every machine (the timer calls this; tests with a fake clock may too). */
  tick(now: number = this.clock()): void {
    for (const machine of this.members.values()) machine.tick(now);
  }

  /** Connects every machine not yet connected, `connectConcurrency` at a time. */
  async connectAll(): Promise<TConnectReport> {
    const queue = this.machines.filter((machine) => !machine.connected);
    const report: TConnectReport = { connected: 0, failed: [] };
    const worker = async (): Promise<void> => {
      for (let machine = queue.shift(); machine; machine = queue.shift()) {
        try {
          await machine.connect();
          report.connected += 1;
        } catch (error) {
          report.failed.push({ serial: machine.serial, error: error instanceof Error ? error : new Error(String(error)) });
        }
      }
    };
    const workers = Math.max(1, Math.min(this.options.connectConcurrency ?? 100, queue.length));
    await Promise.all(Array.from({ length: workers }, worker));
    return report;
  }

  /** Stops the timer and lets every machine leave properly (status offline, DISCONNECT). */
  async close(): Promise<void> {
    this.stop();
    const all = this.machines;
    const batch = this.options.connectConcurrency ?? 100;
    for (let i = 0; i < all.length; i += batch) {
      await Promise.all(all.slice(i, i + batch).map((machine) => machine.close()));
    }
  }

  /** Totals for progress lines and benchmarks. */
  counters(): { machines: number; connected: number; sent: number; outbox: number } {
    let connected = 0;
    let sent = 0;
    let outbox = 0;
    for (const machine of this.members.values()) {
      if (machine.connected) connected += 1;
      sent += machine.sent;
      outbox += machine.outboxSize;
    }
    return { machines: this.members.size, connected, sent, outbox };
  }
}
