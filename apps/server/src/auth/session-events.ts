import type { TFanout } from '../live/fanout';

const CHANNEL = 'washboard:sessions';

/**
 * What changed about a user's sessions, told to every server instance through the fan-out:
 * - `revoked`: access tokens issued before `at` (of the whole user, or of one refresh family, that
 *   is one signed-in device) are dead; their push sockets close.
 * - `access`: what the user may see changed (company, a claim); push sockets recompute it.
 */
export type TSessionEvent =
  | { kind: 'revoked'; userId: string; familyId?: string; at: number; reason: TRevocationReason }
  | { kind: 'access'; userId: string };

export type TRevocationReason = 'logout' | 'deleted' | 'rights' | 'password' | 'reuse';

/**
 * The access tokens revoked before their `exp`, and the bus that tells every instance about it.
 * Entries are kept for one access-token lifetime: by then every token they name has expired anyway.
 */
export class SessionEvents {
  private readonly users = new Map<string, number>();
  private readonly families = new Map<string, number>();
  private readonly listeners = new Set<(event: TSessionEvent) => void>();

  constructor(
    private readonly fanout: TFanout,
    private readonly tokenLifetimeMs: number,
  ) {}

  /**
   * Subscribes to the fan-out, after taking in the revocations of the last token lifetime that
   * other instances (or this one before a restart) made, so a new instance honours them too.
   */
  async start(recent: { users: { id: string; at: Date }[]; families: { id: string; at: Date }[] }): Promise<void> {
    for (const u of recent.users) this.remember(this.users, u.id, u.at.getTime());
    for (const f of recent.families) this.remember(this.families, f.id, f.at.getTime());
    await this.fanout.subscribe(CHANNEL, (payload) => this.receive(JSON.parse(payload) as TSessionEvent));
  }

  /** Ends the user's live access tokens (or those of one refresh family) in every instance. */
  revoke(userId: string, reason: TRevocationReason, familyId?: string): void {
    this.fanout.publish(CHANNEL, JSON.stringify({ kind: 'revoked', userId, familyId, at: Date.now(), reason }));
  }

  /** Tells every instance that what `userId` may see changed. */
  accessChanged(userId: string): void {
    this.fanout.publish(CHANNEL, JSON.stringify({ kind: 'access', userId }));
  }

  /** True when a token of `userId` and `familyId` issued at `issuedAtMs` was revoked since. */
  isRevoked(userId: string, familyId: string | undefined, issuedAtMs: number): boolean {
    const user = this.users.get(userId);
    if (user !== undefined && issuedAtMs <= user) return true;
    const family = familyId === undefined ? undefined : this.families.get(familyId);
    return family !== undefined && issuedAtMs <= family;
  }

  /** Every event, after the revocation list took it in (the push channel closes or recomputes sockets). */
  subscribe(listener: (event: TSessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private receive(event: TSessionEvent): void {
    if (event.kind === 'revoked') {
      if (event.familyId) this.remember(this.families, event.familyId, event.at);
      else this.remember(this.users, event.userId, event.at);
    }
    for (const listener of this.listeners) listener(event);
  }

  private remember(map: Map<string, number>, key: string, at: number): void {
    map.set(key, Math.max(at, map.get(key) ?? 0));
    if (map.size % 256 === 0) {
      const horizon = Date.now() - this.tokenLifetimeMs;
      for (const [k, t] of map) if (t < horizon) map.delete(k);
    }
  }
}
