import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  CLOUD_TOPICS,
  deviceTopic,
  ZClaimingCode,
  ZCommandResult,
  ZDeviceAlarm,
  ZDeviceStats,
  ZDeviceStatus,
  ZDeviceInfo,
  ZFotaStatus,
  ZHaccpEvent,
  ZParameterSet,
  ZVersions,
  keptFieldsFor,
  parseDeviceTopic,
  staleFota,
  type TBrandCode,
  type TCommandResult,
  type TDeviceMessageError,
  type TDeviceMessageRefusal,
  type TDeviceTopic,
  type TFotaStatus,
  type TLinkRecord,
  type TLiveTelemetry,
} from '@washboard/contracts';
import type { TCarrier } from '../haccp/chain/chain';
import type { TMachineMessage } from '../live/live.hub';
import type { DeviceBatcher } from './device-batcher';
import { DEAD_LETTER_DETAIL_MAX, deadLetterExcerpt, type TDeadLetterRow } from './dead-letter.repository';
import type { TDeviceIdentity } from './device-identity';
import type { TPresenceChange } from './presence.repository';
import { readTelemetry } from './telemetry-reader';
import { dataErrorOf } from '../db/sql-state';
import { findUnstorable } from '../db/storable-text';

/** What ingestion needs to know of a machine. */

export type TIngestDeps = {
  writer: DeviceBatcher;
  /** The machine behind a serial number, or undefined for an unknown one. */
  identify(serial: string): Promise<TDeviceIdentity | undefined>;
  /** Push to the browsers of the brand that may see the machine. */
  push(brand: TBrandCode, message: TMachineMessage): void;
  commandResult(serial: string, result: TCommandResult): Promise<void>;
  /** Tells a machine why its message was refused (`wb/v1/{serial}/error`); failures are the caller's to log. */
  replyError(serial: string, error: TDeviceMessageError): Promise<void>;
  log: FastifyBaseLogger;
  /** Counts for the metrics: a message accepted for storage, a message refused. */
  observe?: { ingested(topic: TDeviceTopic): void; refused(reason: TDeviceMessageRefusal): void };
  /**
   * Payloads longer than this are refused unread (MQTT_MAX_MESSAGE_BYTES). The embedded broker
   * already drops such a connection; an external broker must be configured to (docs/configuration.md).
   */
  maxMessageBytes?: number;
};

/** One-way hash of a claiming code, bound to its machine. */
export function hashClaimingCode(serial: string, code: string): string {
  return createHash('sha256').update(`${serial}:${code}`).digest('hex');
}

/** How JSON writes a character by its code: the only way a NUL or half a surrogate pair comes as text. */
const UNICODE_ESCAPE = Buffer.from('\\u');
/** A NUL character as JSON writes it. */
const NUL_ESCAPE = Buffer.from('\\u0000');
/** How JSON writes half of a surrogate pair (the only way one arrives: as UTF-8 it is no character). */
const SURROGATE_ESCAPES = [Buffer.from('\\ud'), Buffer.from('\\uD')];

/** The machine whose records a phone carried home, of the caller's brand (the dead letters' brand). */
export type TCarriedMachine = { serial: string; brand: TBrandCode };

/** One message being handled: where it came from, and its refusal once it has one. */
type TMessage = {
  rawTopic: string;
  payload: Buffer;
  /** Its place in the order messages arrived: what is written again alone goes in this order. */
  arrival: number;
  serial?: string;
  device?: TDeviceIdentity;
  json?: unknown;
  refused?: Promise<void>;
};

/** The `id` a refused payload carries, when it has a readable one (for the device's own log). */
function messageId(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || !('id' in json)) return undefined;
  const { id } = json;
  return typeof id === 'string' && id.length <= 64 ? id : undefined;
}

/**
 * Turns device messages into stored records and live pushes. A refused message (unknown topic or
 * machine, oversize, not JSON, failing its schema) is counted, logged now and then, kept in the
 * dead-letter store with its reason, and answered on the machine's `error` topic; it never reaches
 * the machine's records or the connection's fate.
 */
export class IngestService {
  /** Counters for operations and tests. */
  readonly counts = { received: 0, malformed: 0, unknownDevice: 0 };
  private lastWarning = 0;
  /** Messages and carried records numbered as they arrive (`TMessage.arrival`). */
  private arrived = 0;
  private unreported = 0;
  /**
   * The last firmware report of each machine that sent one: a report older than it is not stored
   * (`staleFota`, device-message.repository.ts), so it is not pushed either.
   */
  private readonly lastFota = new Map<string, TFotaStatus>();

  constructor(private readonly deps: TIngestDeps) {}

  async receive(topic: string, payload: Buffer): Promise<void> {
    this.counts.received += 1;
    const message: TMessage = { rawTopic: topic, payload, arrival: this.nextArrival() };
    const where = parseDeviceTopic(topic);
    message.serial = where?.serial;
    if (!where || (CLOUD_TOPICS as readonly string[]).includes(where.topic)) return this.refuse(message, 'UNKNOWN_TOPIC');
    const device = await this.deps.identify(where.serial);
    if (!device) return this.refuse(message, 'UNKNOWN_DEVICE');
    message.device = device;
    if (payload.length > (this.deps.maxMessageBytes ?? Infinity)) return this.refuse(message, 'PAYLOAD_TOO_LARGE');
    // PostgreSQL stores no NUL character in text or jsonb: one would fail the whole batch it rode in.
    // Escapes are looked for in detail only in a payload that has one (a machine's usually has none).
    const escaped = payload.includes(UNICODE_ESCAPE);
    if (payload.includes(0) || (escaped && payload.includes(NUL_ESCAPE))) {
      return this.refuse(message, 'INVALID_PAYLOAD', 'NUL character');
    }
    try {
      message.json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.refuse(message, 'NOT_JSON');
    }
    // A half of a surrogate pair without the other fails a batch's jsonb as a NUL does.
    if (escaped && SURROGATE_ESCAPES.some((escape) => payload.includes(escape)) && findUnstorable(message.json, 'payload')) {
      return this.refuse(message, 'INVALID_PAYLOAD', 'half of a surrogate pair');
    }
    const kind = where.topic as TDeviceTopic;
    const refused = await this.storedAlone(message.arrival, () => this.handle(device, kind, message));
    if (refused !== undefined) return this.refuse(message, 'NOT_STORED', refused);
    if (!message.refused) this.deps.observe?.ingested(kind);
    return message.refused;
  }

  /**
   * The broker saw the machine's connection end (closed, or silent past its keep-alive), whether or
   * not a last will said so: it is offline now, keeping its last known state.
   */
  async disconnected(serial: string): Promise<void> {
    const device = await this.deps.identify(serial);
    if (!device) return;
    const ts = new Date().toISOString();
    const status = { online: false, systemState: null, cycleType: null, cycleNumber: null, ts };
    await this.deps.writer.writeStatus(serial, { ...status, hasState: false });
    this.deps.push(device.brand, { type: 'status', serialNumber: serial, ...status });
  }

  /**
   * HACCP records a phone carried home from the machine over the local link (docs/local-link.md),
   * read already with their topics' schemas: stored as the machine's own messages are — once by id,
   * with their own times — and chained late with who carried them. They are not the machine
   * speaking: its last-seen time and online state stay, and nothing is pushed live. Resolves once
   * committed, with the numbers of the records the database refused: as a machine's message, a
   * record whose batch failed on its data is written again alone, and one refused alone is kept as
   * a dead letter `NOT_STORED` naming its carrier — so one such record neither fails the upload for
   * ever (the phone would send it again and again) nor takes the others with it.
   */
  async carried(machine: TCarriedMachine, records: readonly TLinkRecord[], carrier: TCarrier): Promise<number[]> {
    const { serial } = machine;
    const { writer, observe } = this.deps;
    const write = (r: TLinkRecord) =>
      r.topic === 'event' ? writer.writeEvent(serial, r.payload, carrier) : writer.writeAlarm(serial, r.payload, carrier);
    const refused = await Promise.all(
      records.map(async (r) => {
        // Numbered as they come, before the first await: a retry alone goes in this order.
        const arrival = this.nextArrival();
        const reason = await this.storedAlone(arrival, () => write(r));
        if (reason === undefined) {
          observe?.ingested(r.topic);
          return undefined;
        }
        await this.keepCarried(machine, r, carrier, reason, arrival);
        return r.n;
      }),
    );
    return refused.filter((n) => n !== undefined);
  }

  /**
   * Runs `write` (which calls the writer at once, before any await). If the database refused its
   * batch for what a message of it held (past every schema), that batch is gone, and its senders
   * would send all of it again, and fail again, for ever: so `write` runs once more alone
   * (`DeviceBatcher.isolated`, by `arrival`), and the others of the batch go in. Answers the
   * database's reason when refused alone too (the caller keeps a dead letter: acknowledged, never
   * lost silently), else undefined once stored; any other failure is thrown.
   */
  private async storedAlone(arrival: number, write: () => Promise<unknown>): Promise<string | undefined> {
    try {
      await write();
      return undefined;
    } catch (error) {
      if (dataErrorOf(error) === undefined) throw error;
    }
    try {
      await this.deps.writer.isolated(arrival, write);
      return undefined;
    } catch (again) {
      const reason = dataErrorOf(again);
      if (reason === undefined) throw again;
      return reason;
    }
  }

  /** A carried record the database refused alone, kept as a dead letter (the machine is not told: it did not send it). */
  private async keepCarried(
    { serial, brand }: TCarriedMachine,
    r: TLinkRecord,
    carrier: TCarrier,
    reason: string,
    arrival: number,
  ): Promise<void> {
    this.deps.observe?.refused('NOT_STORED');
    this.counts.malformed += 1;
    this.deps.log.warn({ serialNumber: serial, topic: r.topic, n: r.n, reason }, 'carried record not stored');
    const payload = Buffer.from(JSON.stringify(r.payload));
    await this.keep(
      {
        serialNumber: serial,
        brand,
        topic: deviceTopic(serial, r.topic),
        payload: deadLetterExcerpt(payload),
        payloadBytes: payload.length,
        reason: 'NOT_STORED',
        detail: `${reason} (carried home by ${carrier.name}, ${carrier.userId})`.slice(0, DEAD_LETTER_DETAIL_MAX),
      },
      arrival,
    );
  }

  /** The next number in the order messages and carried records arrive. */
  private nextArrival(): number {
    this.arrived += 1;
    return this.arrived;
  }

  /** The broker heard from the machine without a message to store (a PINGREQ): it is connected. */
  alive(serial: string): void {
    this.deps.writer.touch(serial);
  }

  /** Pushes connection changes found outside status messages (silent machines, machines speaking again). */
  announcePresence(changes: readonly TPresenceChange[]): void {
    for (const c of changes) {
      this.deps.push(c.brand, {
        type: 'status',
        serialNumber: c.serialNumber,
        online: c.online,
        systemState: c.systemState,
        cycleType: c.cycleType,
        cycleNumber: c.cycleNumber,
        ts: c.lastSeenAt,
      });
    }
  }

  private parse<T extends z.ZodType>(schema: T, message: TMessage): z.infer<T> | undefined {
    const result = schema.safeParse(message.json);
    if (result.success) return result.data;
    return this.invalid(
      message,
      result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    );
  }

  /** Refuses `message` as INVALID_PAYLOAD, naming the first five issues. */
  private invalid(message: TMessage, issues: string[]): undefined {
    const named = issues.slice(0, 5);
    if (issues.length > 5) named.push(`… ${issues.length - 5} more`);
    message.refused = this.refuse(message, 'INVALID_PAYLOAD', named.join('; '));
    return undefined;
  }

  private async handle(device: TDeviceIdentity, topic: TDeviceTopic, message: TMessage): Promise<void> {
    const { writer, push } = this.deps;
    const serial = device.serialNumber;
    switch (topic) {
      case 'telemetry': {
        // The hottest message: checked by the registry's compiled reader, which agrees with ZTelemetry.
        const read = readTelemetry(message.json);
        if (!read.success) return this.invalid(message, read.issues);
        const t = read.data;
        const kept: TLiveTelemetry = { ts: t.ts };
        for (const field of keptFieldsFor(device.gamma)) {
          if (t[field] !== undefined) kept[field] = t[field];
        }
        push(device.brand, { type: 'telemetry', serialNumber: serial, telemetry: kept });
        return writer.writeTelemetry(serial, kept);
      }
      case 'status': {
        const s = this.parse(ZDeviceStatus, message);
        if (!s) return;
        const hasState = s.systemState !== undefined;
        const running = s.systemState === 4;
        const update = {
          online: s.online,
          hasState,
          systemState: s.systemState ?? null,
          // The current cycle exists only while one runs (device-areas §4).
          cycleType: running ? (s.cycleType ?? null) : null,
          cycleNumber: running ? (s.cycleNumber ?? null) : null,
          ts: s.ts ?? new Date().toISOString(),
        };
        const { hasState: _internal, ...status } = update;
        // Pushed once stored (as alarms, firmware progress and versions): a browser that missed the
        // push reads it on its next load, and one that saw it cannot read an older state afterwards.
        const pushed = () => push(device.brand, { type: 'status', serialNumber: serial, ...status });
        // The panel lock is a state column beside the status (a last will leaves it as it was).
        if (s.panelLocked === undefined) return writer.writeStatus(serial, update).then(pushed);
        const written = [writer.writeColumns(serial, { panelLocked: s.panelLocked }), writer.writeStatus(serial, update)];
        return Promise.all(written).then(pushed);
      }
      case 'event': {
        const e = this.parse(ZHaccpEvent, message);
        return e && writer.writeEvent(serial, e);
      }
      case 'alarm': {
        const a = this.parse(ZDeviceAlarm, message);
        if (!a) return;
        return writer.writeAlarm(serial, a).then(() => push(device.brand, { type: 'alarm', serialNumber: serial, alarm: a }));
      }
      case 'fota': {
        const f = this.parse(ZFotaStatus, message);
        if (!f) return;
        if (staleFota(this.lastFota.get(serial), f)) return writer.writeColumns(serial, { fota: f });
        this.lastFota.set(serial, f);
        return writer
          .writeColumns(serial, { fota: f })
          .then(() => push(device.brand, { type: 'fotaStatus', serialNumber: serial, perc: f.perc, inProg: f.inProg }));
      }
      case 'versions': {
        const v = this.parse(ZVersions, message);
        if (!v) return;
        return writer
          .writeColumns(serial, { versions: v })
          .then(() => push(device.brand, { type: 'versions', serialNumber: serial, versions: v }));
      }
      case 'info': {
        const i = this.parse(ZDeviceInfo, message);
        return i && writer.writeColumns(serial, { info: i });
      }
      case 'params': {
        const p = this.parse(ZParameterSet, message);
        return p && writer.writeColumns(serial, { parameters: p });
      }
      case 'stats': {
        const s = this.parse(ZDeviceStats, message);
        return s && writer.writeColumns(serial, { stats: s });
      }
      case 'claiming-code': {
        const c = this.parse(ZClaimingCode, message);
        return (
          c && writer.writeColumns(serial, { claimingCode: { hash: hashClaimingCode(serial, c.code), expiresAt: c.expiresAt } })
        );
      }
      case 'cmd/result': {
        const r = this.parse(ZCommandResult, message);
        return r && this.deps.commandResult(serial, r);
      }
    }
  }

  /**
   * Keeps a refused message in the dead-letter store (resolves once stored, so a QoS 1 message is
   * acknowledged only then) and tells its machine why, unless no product has its serial number.
   */
  private refuse(message: TMessage, reason: TDeviceMessageRefusal, detail?: string): Promise<void> {
    this.deps.observe?.refused(reason);
    const { rawTopic, payload, device } = message;
    if (reason === 'UNKNOWN_DEVICE') this.counts.unknownDevice += 1;
    else this.counts.malformed += 1;
    this.unreported += 1;
    const now = Date.now();
    // One line every 10 s at most, however fast a broken machine sends.
    if (now - this.lastWarning >= 10_000) {
      this.deps.log.warn({ topic: rawTopic, reason, detail, refused: this.unreported }, 'device message refused');
      this.lastWarning = now;
      this.unreported = 0;
    }
    if (device) {
      const error: TDeviceMessageError = { topic: rawTopic, reason, ts: new Date(now).toISOString() };
      const id = messageId(message.json);
      if (id !== undefined) error.id = id;
      this.deps.replyError(device.serialNumber, error).catch((err: unknown) => {
        this.deps.log.debug({ err, serialNumber: device.serialNumber }, 'could not send the error answer');
      });
    }
    const row: TDeadLetterRow = {
      serialNumber: message.serial ?? null,
      brand: device?.brand ?? null,
      topic: rawTopic.slice(0, 200),
      payload: deadLetterExcerpt(payload),
      payloadBytes: payload.length,
      reason,
      detail: detail === undefined ? null : detail.slice(0, DEAD_LETTER_DETAIL_MAX),
    };
    return this.keep(row, message.arrival);
  }

  /** Stores a dead letter; in a batch the database refused for another message's data, again alone. */
  private keep(row: TDeadLetterRow, arrival: number): Promise<void> {
    const { writer } = this.deps;
    return writer.writeDeadLetter(row).catch((error: unknown) => {
      if (dataErrorOf(error) === undefined) throw error;
      return writer.isolated(arrival, () => writer.writeDeadLetter(row));
    });
  }
}
