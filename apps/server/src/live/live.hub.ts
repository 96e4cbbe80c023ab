import type { TBrandCode, TLiveMessage, TLiveReauthenticateReason } from '@washboard/contracts';
import type { TAuthUser } from '../auth/token.service';
import type { TSessionEvent } from '../auth/session-events';
import type { TFanout } from './fanout';

/** Renamed with each change of its messages' header, so instances of two versions never misread each other. */
const LIVE_CHANNEL = 'washboard:live:2';

/** A push message about one machine (the set of machines changing travels as a domain event). */
export type TMachineMessage = Exclude<TLiveMessage, { type: 'appliances' } | { type: 'notification' }>;
/** A push message for one user (their notification centre). */
export type TUserMessage = Extract<TLiveMessage, { type: 'notification' }>;

/** Routing headers of user messages start with this (serial numbers never do: SERIAL_NUMBER_PATTERN). */
const TO_USER = '@';

/**
 * The one kind of machine message delivered only to browsers showing the machine (`watch`): a
 * machine sends its values every few seconds, so a value missed while a page was not yet watching is
 * replaced by the next (docs/architecture.md, "Push channel"). Status, alarms and firmware are rare,
 * and each changes what a page shows until the next read: they reach every browser that may see the
 * machine.
 */
const WATCHED_ONLY = 'telemetry' satisfies TMachineMessage['type'];

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

/** Whether a watch changes nothing: an administrator's "every machine" re-indexes thousands. */
function sameWatch(watching: ReadonlySet<string> | undefined, serials: readonly string[] | null): boolean {
  if (!watching || serials === null) return !watching && serials === null;
  return sameSet(watching, new Set(serials));
}

/** One browser connection of the push channel. */
export type TLiveClient = {
  user: TAuthUser;
  /** Serial numbers the user may see now. */
  serials: Set<string>;
  /** The machines whose values the browser shows (`watch`); none said: every machine it may see. */
  watching?: ReadonlySet<string>;
  send(data: string): void;
  /** Ends the connection, asking the browser to authenticate again. */
  close(reason: TLiveReauthenticateReason): void;
};

/**
 * Routes machine events to exactly the browsers whose users may see the machine. Every instance
 * receives every event through the fan-out and delivers it to its own connections.
 */
export class LiveHub {
  private readonly clients = new Set<TLiveClient>();
  private readonly bySerial = new Map<string, Set<TLiveClient>>();
  /** The clients each machine's values go to: those that may see it and watch it (or watch everything). */
  private readonly valuesBySerial = new Map<string, Set<TLiveClient>>();
  /** Each user's sockets on this instance: a message to one user reaches them without a scan. */
  private readonly byUser = new Map<string, Set<TLiveClient>>();

  constructor(
    private readonly fanout: TFanout,
    /** The serial numbers `user` may see (DESIGN.md §5). */
    private readonly visibleSerials: (user: TAuthUser) => Promise<string[]>,
  ) {}

  async start(): Promise<void> {
    await this.fanout.subscribe(LIVE_CHANNEL, (payload) => {
      // `BRAND SERIAL TYPE json`: routed by its header, the JSON sent on as it came, serialised once for all.
      const first = payload.indexOf(' ');
      const second = payload.indexOf(' ', first + 1);
      const third = payload.indexOf(' ', second + 1);
      if (first < 0 || second < 0 || third < 0) return;
      this.deliver(
        payload.slice(0, first) as TBrandCode,
        payload.slice(first + 1, second),
        payload.slice(second + 1, third),
        payload.slice(third + 1),
      );
    });
  }

  /**
   * A change of a user's sessions or rights, as every instance hears it: a revoked session closes
   * the user's sockets (all, or those of the revoked device), a change of what it may see recomputes
   * them at once.
   */
  sessionChanged(event: TSessionEvent): void {
    const mine = [...(this.byUser.get(event.userId) ?? [])];
    if (event.kind === 'access') {
      for (const c of mine) void this.reload(c);
      return;
    }
    for (const c of mine) {
      if (event.familyId && c.user.sessionId !== event.familyId) continue;
      this.remove(c);
      c.close('SESSION_CHANGED');
    }
  }

  /** Sends `message` to every instance's browsers of the user `userId` of `brand`. */
  publishToUser(brand: TBrandCode, userId: string, message: TUserMessage): void {
    if (this.fanout.kind === 'in-process' && !this.byUser.has(userId)) return;
    this.fanout.publish(LIVE_CHANNEL, `${brand} ${TO_USER}${userId} ${message.type} ${JSON.stringify(message)}`);
  }

  /**
   * Sends `message` about a machine of `brand` to every instance's entitled browsers: its values
   * (telemetry) to those watching it, anything else to all that may see it.
   */
  publish(brand: TBrandCode, message: TMachineMessage): void {
    // In one process nobody else can be watching: a machine no open browser watches costs nothing
    // (most messages on a busy gateway; serialising each was a fortieth of ingestion's time).
    const targets = message.type === WATCHED_ONLY ? this.valuesBySerial : this.bySerial;
    if (this.fanout.kind === 'in-process' && !targets.has(message.serialNumber)) return;
    this.fanout.publish(LIVE_CHANNEL, `${brand} ${message.serialNumber} ${message.type} ${JSON.stringify(message)}`);
  }

  /**
   * The machines whose values the browser shows now (`null`: every machine it may see, as before
   * it first says). Those it may not see are ignored: what it may see is decided by its rights alone.
   */
  watch(client: TLiveClient, serials: readonly string[] | null): void {
    if (!this.clients.has(client) || sameWatch(client.watching, serials)) return;
    this.indexValues(client, false);
    client.watching = serials === null ? undefined : new Set(serials);
    this.indexValues(client, true);
  }

  async add(client: TLiveClient): Promise<void> {
    this.clients.add(client);
    let mine = this.byUser.get(client.user.id);
    if (!mine) this.byUser.set(client.user.id, (mine = new Set()));
    mine.add(client);
    await this.load(client);
  }

  remove(client: TLiveClient): void {
    this.clients.delete(client);
    const mine = this.byUser.get(client.user.id);
    mine?.delete(client);
    if (mine?.size === 0) this.byUser.delete(client.user.id);
    this.index(client, false);
  }

  get size(): number {
    return this.clients.size;
  }

  private async load(client: TLiveClient): Promise<void> {
    const serials = new Set(await this.visibleSerials(client.user));
    this.index(client, false);
    client.serials = serials;
    if (this.clients.has(client)) this.index(client, true);
  }

  private index(client: TLiveClient, add: boolean): void {
    for (const serial of client.serials) indexed(this.bySerial, serial, client, add);
    this.indexValues(client, add);
  }

  /** Indexes the machines whose values go to `client`: it may see them, and watches them. */
  private indexValues(client: TLiveClient, add: boolean): void {
    const { serials, watching } = client;
    // The smaller set walked: a page watches tens of machines of an administrator's thousands.
    if (!watching) for (const serial of serials) indexed(this.valuesBySerial, serial, client, add);
    else for (const serial of watching) if (serials.has(serial)) indexed(this.valuesBySerial, serial, client, add);
  }

  /**
   * Machines of `brand` were claimed, released, added or deleted (every instance hears it through the
   * domain events): recompute what this instance's browsers of the brand see, then tell those to
   * reload whose set of machines changed or who see one of `serials` (its name or holder changed).
   * `null`: which machines is not known, and every browser of the brand reloads. The others are left
   * alone: a claim in one kitchen does not reload every open list of the brand.
   */
  async appliancesChanged(brand: TBrandCode, serials: readonly string[] | null): Promise<void> {
    const affected = [...this.clients].filter((c) => c.user.brand === brand);
    const before = affected.map((c) => c.serials);
    const reloaded = await Promise.all(affected.map((c) => this.reload(c)));
    const data = JSON.stringify({ type: 'appliances' } satisfies TLiveMessage);
    affected.forEach((c, i) => {
      const was = before[i] ?? new Set<string>();
      const told = serials === null || !sameSet(was, c.serials) || serials.some((s) => c.serials.has(s));
      if (reloaded[i] && told) c.send(data);
    });
  }

  /**
   * Recomputes what a socket's user sees. Should that fail (the database away), the socket is
   * closed rather than left on rights that may be gone: the browser authenticates it again.
   */
  private async reload(client: TLiveClient): Promise<boolean> {
    try {
      await this.load(client);
      return true;
    } catch {
      this.remove(client);
      client.close('SESSION_CHANGED');
      return false;
    }
  }

  private deliver(brand: TBrandCode, serialNumber: string, type: string, data: string): void {
    if (serialNumber.startsWith(TO_USER)) {
      const userId = serialNumber.slice(TO_USER.length);
      for (const c of this.byUser.get(userId) ?? []) if (c.user.brand === brand) c.send(data);
      return;
    }
    const targets = (type === WATCHED_ONLY ? this.valuesBySerial : this.bySerial).get(serialNumber);
    if (!targets) return;
    for (const c of targets) if (c.user.brand === brand) c.send(data);
  }
}

/** Adds `client` to, or removes it from, the set of `serial` in `index`, dropping a set left empty. */
function indexed(index: Map<string, Set<TLiveClient>>, serial: string, client: TLiveClient, add: boolean): void {
  let set = index.get(serial);
  if (add) {
    if (!set) index.set(serial, (set = new Set()));
    set.add(client);
  } else if (set) {
    set.delete(client);
    if (set.size === 0) index.delete(serial);
  }
}
