import { randomBytes } from 'node:crypto';
import { SERIAL_NUMBER_PATTERN, type TBrandCode, type TGamma } from '@washboard/contracts';
import { sameHash, sha256 } from '../auth/secrets';

/** What the gateway knows of a machine: who it is, of which brand and range. */
export type TDeviceIdentity = { serialNumber: string; brand: TBrandCode; gamma: TGamma };
/** A machine as stored: its identity and the SHA-256 of its device secret (hex). */
export type TStoredDevice = TDeviceIdentity & { secretHash: string };

const SECRET_BYTES = 24;

/** A new device secret: 192 random bits, 32 characters of base64url. */
export function newDeviceSecret(): string {
  return newDeviceSecrets(1)[0] as string;
}

/** `count` new device secrets (an import's) from one draw of random bytes: one draw each took 3 µs. */
export function newDeviceSecrets(count: number): string[] {
  const bytes = randomBytes(SECRET_BYTES * count);
  return Array.from({ length: count }, (_, i) => bytes.subarray(i * SECRET_BYTES, (i + 1) * SECRET_BYTES).toString('base64url'));
}

/**
 * The stored form of a device secret. A 192-bit random secret needs no slow hash: SHA-256 keeps
 * device connects cheap at fleet scale, and an import of 10,000 products hashes in milliseconds
 * (docs/security.md).
 */
export function hashDeviceSecret(secret: string): string {
  return sha256(secret);
}

/** A machine looked up: the identity ingestion is handed as it is, and its secret's hash. */
type TKnownDevice = { identity: TDeviceIdentity; secretHash: string };

/** Who waits for a machine's look-up. */
type TWaiting = { resolve(device: TKnownDevice | undefined): void; reject(error: unknown): void };

/** The most machines one look-up statement asks for. */
const LOOKUP_BATCH = 1_000;

/**
 * Device identity and authentication for the broker and ingestion, kept in memory once looked up:
 * every connection and every message asks.
 */
export class DeviceIdentities {
  private readonly known = new Map<string, TKnownDevice>();
  /**
   * Lookups on their way: a machine's messages that arrive together wait for the same one, so they
   * leave `identify` in the order they came (the embedded broker reads ahead; docs/device-protocol.md).
   */
  private readonly lookups = new Map<string, Promise<TKnownDevice | undefined>>();
  /** Machines to look up with the next statement, and who waits for each. */
  private queued = new Map<string, TWaiting>();

  /**
   * `findMany` answers the stored machines among `serials` (unknown ones left out). Look-ups asked
   * for in the same turn of the event loop share one statement: after a restart every machine of a
   * fleet connects at once, and one query per connect kept the single database connection busy.
   */
  constructor(private readonly findMany: (serials: string[]) => Promise<TStoredDevice[]>) {}

  /** The broker's question at every device connection: is `secret` the machine's device secret? */
  async authenticate(serial: string, secret: string): Promise<boolean> {
    const device = await this.device(serial);
    return device ? sameHash(device.secretHash, sha256(secret)) : false;
  }

  /** What ingestion needs of a machine; undefined for a serial number no product has. */
  async identify(serial: string): Promise<TDeviceIdentity | undefined> {
    return (await this.device(serial))?.identity;
  }

  /** The machine was (re)provisioned: look it up again next time. */
  forget(serial: string): void {
    this.known.delete(serial);
  }

  private async device(serial: string): Promise<TKnownDevice | undefined> {
    // Any name a connection gives is asked about: one no product can have (a NUL in it would fail
    // the shared statement, and every look-up of its turn) is answered here.
    if (!SERIAL_NUMBER_PATTERN.test(serial)) return undefined;
    const cached = this.known.get(serial);
    if (cached) return cached;
    let lookup = this.lookups.get(serial);
    if (!lookup) {
      lookup = this.lookUp(serial).finally(() => this.lookups.delete(serial));
      this.lookups.set(serial, lookup);
    }
    return lookup;
  }

  private lookUp(serial: string): Promise<TKnownDevice | undefined> {
    return new Promise((resolve, reject) => {
      if (this.queued.size === 0) setImmediate(() => void this.lookUpQueued());
      this.queued.set(serial, { resolve, reject });
    });
  }

  private async lookUpQueued(): Promise<void> {
    const queued = [...this.queued];
    this.queued = new Map();
    for (let i = 0; i < queued.length; i += LOOKUP_BATCH) {
      const batch = queued.slice(i, i + LOOKUP_BATCH);
      try {
        const found = new Map((await this.findMany(batch.map(([serial]) => serial))).map((d) => [d.serialNumber, d]));
        for (const [serial, waiting] of batch) {
          const stored = found.get(serial);
          if (!stored) {
            waiting.resolve(undefined);
            continue;
          }
          const device = {
            identity: { serialNumber: stored.serialNumber, brand: stored.brand, gamma: stored.gamma },
            secretHash: stored.secretHash,
          };
          this.known.set(serial, device);
          waiting.resolve(device);
        }
      } catch (error) {
        // Nothing is remembered of a failed look-up: the next connect or message asks again.
        for (const [, waiting] of batch) waiting.reject(error);
      }
    }
  }
}
