import { describe, expect, it } from 'vitest';
import { DeviceIdentities, hashDeviceSecret, newDeviceSecret, newDeviceSecrets, type TStoredDevice } from './device-identity';

const stored = (serialNumber: string): TStoredDevice => ({
  serialNumber,
  brand: 'LUMINA',
  gamma: 'infinity',
  secretHash: hashDeviceSecret(`secret-${serialNumber}`),
});

/** A machine table of `count` machines that counts the statements asked of it. */
function table(count: number) {
  const rows = new Map(Array.from({ length: count }, (_, i) => [`MACH${i}`, stored(`MACH${i}`)]));
  const asked: string[][] = [];
  let failNext = false;
  return {
    asked,
    failOnce: () => (failNext = true),
    findMany: async (serials: string[]) => {
      asked.push(serials);
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      return serials.flatMap((s) => rows.get(s) ?? []);
    },
  };
}

describe('device secrets', () => {
  it('are 32 characters of base64url (192 bits), every one of an import different', () => {
    const secrets = newDeviceSecrets(10_000);
    expect(secrets).toHaveLength(10_000);
    expect(secrets.every((s) => /^[A-Za-z0-9_-]{32}$/.test(s))).toBe(true);
    expect(new Set([...secrets, newDeviceSecret()]).size).toBe(10_001);
  });
});

describe('DeviceIdentities', () => {
  it('looks up a fleet connecting at once with a few statements, and answers each machine right', async () => {
    const db = table(2_500);
    const identities = new DeviceIdentities(db.findMany);
    const answers = await Promise.all([
      ...Array.from({ length: 2_500 }, (_, i) => identities.authenticate(`MACH${i}`, `secret-MACH${i}`)),
      identities.authenticate('MACH7', 'wrong'),
      identities.authenticate('UNKNOWN', 'secret-UNKNOWN'),
    ]);
    expect(answers.slice(0, 2_500).every(Boolean)).toBe(true);
    expect(answers.slice(2_500)).toEqual([false, false]);
    // 2,501 serials asked (MACH7 once): three statements of at most 1,000.
    expect(db.asked.map((serials) => serials.length)).toEqual([1_000, 1_000, 501]);
    // Known machines are not asked for again; an unknown one is.
    expect(await identities.identify('MACH42')).toEqual({ serialNumber: 'MACH42', brand: 'LUMINA', gamma: 'infinity' });
    expect(await identities.identify('UNKNOWN')).toBeUndefined();
    expect(db.asked.slice(3)).toEqual([['UNKNOWN']]);
  });

  it('fails the look-ups of a statement that failed, and asks again next time', async () => {
    const db = table(3);
    const identities = new DeviceIdentities(db.findMany);
    db.failOnce();
    const failed = await Promise.allSettled([identities.authenticate('MACH0', 'secret-MACH0'), identities.identify('MACH1')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await identities.authenticate('MACH0', 'secret-MACH0')).toBe(true);
    expect(db.asked).toEqual([['MACH0', 'MACH1'], ['MACH0']]);
  });

  it('answers a name that is no serial number without asking the database', async () => {
    // A NUL (PostgreSQL stores none) failed the statement, and with it every machine's look-up of that turn.
    const db = table(3);
    const identities = new DeviceIdentities(db.findMany);
    const answers = await Promise.all([
      identities.authenticate('MACH\u00000', 'x'),
      identities.authenticate('M0', 'x'),
      identities.identify('../../etc'),
      identities.authenticate('MACH1', 'secret-MACH1'),
    ]);
    expect(answers).toEqual([false, false, undefined, true]);
    expect(db.asked).toEqual([['MACH1']]);
  });
});
