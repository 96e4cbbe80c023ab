import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A URL-safe random token (refresh tokens, reset links). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A random numeric code of `length` digits (verification and company codes). */
export function randomDigits(length: number): string {
  return Array.from({ length }, () => randomInt(10)).join('');
}

/** SHA-256 of a high-entropy secret: enough for tokens; short codes are salted with their owner. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
