import { readFile } from 'node:fs/promises';
import { GAMMAS, SERIAL_NUMBER_PATTERN, type TGamma } from '@washboard/contracts';
import type { TFleetMember } from './fleet';

/**
 * Reads machine credentials. Accepted shapes, so that the answers of the product API can be saved
 * as they come:
 *   [{ "serialNumber": "WB-1", "deviceSecret": "…", "gamma"?: "infinity" }, …]
 *   [{ "serial": "WB-1", "secret": "…" }, …]
 *   { "WB-1": "…", "WB-2": "…" }
 */
export function parseCredentials(data: unknown): TFleetMember[] {
  const entries: unknown[] = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null
      ? Object.entries(data).map(([serial, secret]) => ({ serial, secret }))
      : [];
  if (entries.length === 0) throw new Error('credentials: expected a non-empty list of {serialNumber, deviceSecret}');
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const where = `credentials[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where}: not an object`);
    const fields = entry as Record<string, unknown>;
    const serial = fields.serialNumber ?? fields.serial;
    const secret = fields.deviceSecret ?? fields.secret;
    if (typeof serial !== 'string' || !SERIAL_NUMBER_PATTERN.test(serial)) throw new Error(`${where}: bad serial number`);
    if (typeof secret !== 'string' || secret.length === 0) throw new Error(`${where}: missing secret for ${serial}`);
    if (seen.has(serial)) throw new Error(`${where}: ${serial} appears twice`);
    seen.add(serial);
    const member: TFleetMember = { serial, secret };
    if (fields.gamma !== undefined) {
      if (!(GAMMAS as readonly unknown[]).includes(fields.gamma))
        throw new Error(`${where}: unknown gamma ${String(fields.gamma)}`);
      member.gamma = fields.gamma as TGamma;
    }
    return member;
  });
}

export async function readCredentials(path: string): Promise<TFleetMember[]> {
  const text = await readFile(path, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return parseCredentials(data);
}
