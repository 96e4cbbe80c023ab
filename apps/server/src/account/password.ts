import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes); see docs/benchmarks.md for timings. */
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id (a const enum, not importable as a value)
const options = { algorithm: ARGON2ID };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(hashed: string, password: string): Promise<boolean> {
  return verify(hashed, password).catch(() => false);
}
