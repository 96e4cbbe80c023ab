import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id, OWASP's minimum profile: 19 MiB, 2 passes, 1 lane (docs/benchmarks.md has the timing). */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable as a value)
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(hashed: string, password: string): Promise<boolean> {
  return verify(hashed, password).catch(() => false);
}
