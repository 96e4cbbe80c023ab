import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  ZClaimingCode,
  ZCommandResult,
  ZDeviceAlarm,
  ZDeviceStats,
  ZDeviceStatus,
  ZFotaStatus,
  ZHaccpEvent,
  ZParameterSet,
  ZTelemetry,
  ZVersions,
  liveFieldsFor,
  parseDeviceTopic,
  type TBrandCode,
  type TCommandResult,
  type TDeviceTopic,
  type TGamma,
  type TLiveMessage,
  type TLiveTelemetry,
} from '@washboard/contracts';
import type { DeviceWriter } from './device-writer';

/** What ingestion needs to know of a machine. */
export type TDeviceIdentity = { serialNumber: string; brand: TBrandCode; gamma: TGamma };

export type TIngestDeps = {
  writer: DeviceWriter;
  /** The machine behind a serial number, or undefined for an unknown one. */
  identify(serial: string): Promise<TDeviceIdentity | undefined>;
  /** Push to the browsers of the brand that may see the machine. */
  push(brand: TBrandCode, message: TLiveMessage): void;
  commandResult(serial: string, result: TCommandResult): Promise<void>;
  log: FastifyBaseLogger;
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

const TELEMETRY_EXTRA = ['cycleTimeProgress', 'cycleTimeDuration'] as const;

/**
 * Turns device messages into stored records and live pushes. Malformed messages are counted,
 * logged now and then, and dropped; they never reach the database or the connection's fate.
 */
export class IngestService {
  /** Counters for operations and tests. */
  readonly counts = { received: 0, malformed: 0, unknownDevice: 0 };
  private lastWarning = 0;
  private unreported = 0;

  constructor(private readonly deps: TIngestDeps) {}

  async receive(topic: string, payload: Buffer): Promise<void> {
    this.counts.received += 1;
    const where = parseDeviceTopic(topic);
    if (!where || where.topic === 'cmd') return this.malformed(topic, 'unknown topic');
    if (payload.length > (this.deps.maxMessageBytes ?? Infinity)) return this.malformed(topic, 'payload too large');
    const device = await this.deps.identify(where.serial);
    if (!device) {
      this.counts.unknownDevice += 1;
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      return this.malformed(topic, 'not JSON');
    }
    await this.handle(device, where.topic, json, topic);
  }

  private parse<T extends z.ZodType>(schema: T, json: unknown, topic: string): z.infer<T> | undefined {
    const result = schema.safeParse(json);
    if (result.success) return result.data;
    this.malformed(topic, result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    return undefined;
  }

  private async handle(device: TDeviceIdentity, topic: TDeviceTopic, json: unknown, rawTopic: string): Promise<void> {
    const { writer, push } = this.deps;
    const serial = device.serialNumber;
    switch (topic) {
      case 'telemetry': {
        const t = this.parse(ZTelemetry, json, rawTopic);
        if (!t) return;
        const kept: TLiveTelemetry = { ts: t.ts };
        for (const field of [...liveFieldsFor(device.gamma), ...TELEMETRY_EXTRA]) {
          if (t[field] !== undefined) kept[field] = t[field];
        }
        push(device.brand, { type: 'telemetry', serialNumber: serial, telemetry: kept });
        return writer.writeTelemetry(serial, kept);
      }
      case 'status': {
        const s = this.parse(ZDeviceStatus, json, rawTopic);
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
        push(device.brand, { type: 'status', serialNumber: serial, ...status });
        return writer.writeStatus(serial, update);
      }
      case 'event': {
        const e = this.parse(ZHaccpEvent, json, rawTopic);
        return e && writer.writeEvent(serial, e);
      }
      case 'alarm': {
        const a = this.parse(ZDeviceAlarm, json, rawTopic);
        if (!a) return;
        push(device.brand, { type: 'alarm', serialNumber: serial, alarm: a });
        return writer.writeAlarm(serial, a);
      }
      case 'fota': {
        const f = this.parse(ZFotaStatus, json, rawTopic);
        if (!f) return;
        push(device.brand, { type: 'fotaStatus', serialNumber: serial, perc: f.perc, inProg: f.inProg });
        return writer.writeColumns(serial, { fota: f });
      }
      case 'versions': {
        const v = this.parse(ZVersions, json, rawTopic);
        if (!v) return;
        push(device.brand, { type: 'versions', serialNumber: serial, versions: v });
        return writer.writeColumns(serial, { versions: v });
      }
      case 'params': {
        const p = this.parse(ZParameterSet, json, rawTopic);
        return p && writer.writeColumns(serial, { parameters: p });
      }
      case 'stats': {
        const s = this.parse(ZDeviceStats, json, rawTopic);
        return s && writer.writeColumns(serial, { stats: s });
      }
      case 'claiming-code': {
        const c = this.parse(ZClaimingCode, json, rawTopic);
        return (
          c && writer.writeColumns(serial, { claimingCode: { hash: hashClaimingCode(serial, c.code), expiresAt: c.expiresAt } })
        );
      }
      case 'cmd/result': {
        const r = this.parse(ZCommandResult, json, rawTopic);
        return r && this.deps.commandResult(serial, r);
      }
    }
  }

  private malformed(topic: string, reason: string): void {
    this.counts.malformed += 1;
    this.unreported += 1;
    const now = Date.now();
    // One line every 10 s at most, however fast a broken machine sends.
    if (now - this.lastWarning >= 10_000) {
      this.deps.log.warn({ topic, reason, dropped: this.unreported }, 'malformed device message dropped');
      this.lastWarning = now;
      this.unreported = 0;
    }
  }
}
