import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../errors';
import { AttemptLimiter } from './attempt-limiter';

const WINDOW_MS = 15 * 60_000;
/** Failed attempts one address may make on one account in the window. */
export const PAIR_ATTEMPTS = 10;
/** Attempts on an account (from addresses it was never signed in from) before they are spaced out. */
export const FREE_ATTEMPTS = 5;
/** The spacing doubles from the base delay up to this many times it… */
const MAX_DELAY_FACTOR = 60;
/** …and an attempt whose turn is further away than this many base delays gets 429 at once. */
const MAX_WAIT_FACTOR = 120;
/** How long a successful sign-in makes its address a known one for the account. */
const KNOWN_ADDRESS_MS = 30 * 86_400_000;
const KNOWN_ADDRESSES_PER_ACCOUNT = 10;
const KNOWN_ACCOUNTS = 50_000;

/**
 * Password guessing, without letting anyone lock the owner out (docs/security.md, item 6):
 * - one address may fail on one account PAIR_ATTEMPTS times in 15 minutes, then gets 429;
 * - after FREE_ATTEMPTS, an account's attempts from addresses it never signed in from are spaced
 *   out: the base delay (SIGN_IN_DELAY_MS, 500 ms), doubling with each attempt up to 60 times it
 *   (30 s); each attempt takes a slot, so parallel attempts queue rather than slip through, and one
 *   whose slot is more than 120 base delays (60 s) away gets 429 at once;
 * - the addresses an account signed in from successfully skip that spacing, so the owner gets in
 *   from its usual places however hard others are guessing; from a new place, after a delay.
 * A success clears the account's and the pair's counts. Counts live in this process.
 */
export class SignInThrottle {
  private readonly pairs = new AttemptLimiter(PAIR_ATTEMPTS, WINDOW_MS);
  private readonly accounts = new AttemptLimiter(Number.MAX_SAFE_INTEGER, WINDOW_MS);
  private readonly nextSlot = new Map<string, number>();
  private readonly known = new Map<string, Map<string, number>>();

  constructor(private readonly baseDelayMs: number) {}

  /** Waits for the attempt's turn; throws 429 when the address or the account must wait too long. */
  async admit(account: string, address: string): Promise<void> {
    if (!this.pairs.take(pairKey(account, address))) throw new AppError('RATE_LIMITED');
    const now = Date.now();
    if ((this.known.get(account)?.get(address) ?? 0) > now - KNOWN_ADDRESS_MS) return;
    const attempts = this.accounts.count(account, now);
    const slot = Math.max(now, this.nextSlot.get(account) ?? 0);
    if (slot - now > this.baseDelayMs * MAX_WAIT_FACTOR) throw new AppError('RATE_LIMITED');
    this.accounts.take(account, now);
    const spacing = attempts < FREE_ATTEMPTS ? 0 : this.baseDelayMs * Math.min(2 ** (attempts - FREE_ATTEMPTS), MAX_DELAY_FACTOR);
    this.nextSlot.set(account, slot + spacing);
    if (this.nextSlot.size > KNOWN_ACCOUNTS) this.pruneSlots(now);
    if (slot > now) await sleep(slot - now);
  }

  /** A right password: the account and the pair start afresh, and the address becomes known. */
  succeeded(account: string, address: string): void {
    this.pairs.reset(pairKey(account, address));
    this.accounts.reset(account);
    this.nextSlot.delete(account);
    const addresses = this.known.get(account) ?? new Map<string, number>();
    addresses.delete(address);
    addresses.set(address, Date.now());
    if (addresses.size > KNOWN_ADDRESSES_PER_ACCOUNT) addresses.delete(addresses.keys().next().value ?? address);
    this.known.delete(account);
    this.known.set(account, addresses);
    if (this.known.size > KNOWN_ACCOUNTS) this.known.delete(this.known.keys().next().value ?? account);
  }

  private pruneSlots(now: number): void {
    for (const [account, slot] of this.nextSlot) if (slot < now) this.nextSlot.delete(account);
  }
}

function pairKey(account: string, address: string): string {
  return `${account}\n${address}`;
}
