import type { TApplianceState } from './appliance.repository';

/** Most users whose visible serial numbers are kept. */
const VISIBLE_USERS = 10_000;
/** Most machines whose live state is kept. */
const STATES = 100_000;
/** Most bytes of serialised device list pages kept (a page of 50 machines is about 16 KB). */
const LIST_BYTES = 32 * 1024 * 1024;
/** Most administration table pages kept (a page of 100 rows is about 30 KB). */
const TABLE_PAGES = 500;

/** Keeps at most `max` entries: the oldest inserted goes first. */
function bound<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) return;
    map.delete(oldest.value);
  }
}

/**
 * In-memory answers of the hottest reads (docs/benchmarks.md, "Hottest reads"), each dropped the
 * moment what it was computed from changes, in any instance (the domain events `accessChanged` and
 * `stateChanged`, events/domain-events.ts):
 * - who sees which machines (per user), and the serialised device list pages: dropped by `accessChanged`,
 *   which the account, company and appliance repositories emit after every write of theirs;
 * - a machine's live state (`appliance_states`) and the device lists: dropped by `stateChanged`, which
 *   the device writer emits after each commit with the machines it touched.
 *
 * A value computed while such a write happened is not kept (each load notes the change counter
 * before it starts and stores only if it did not move), so in one instance nothing older than the
 * last committed write is ever answered. With several instances (REDIS_URL) another instance's
 * write reaches this cache when Redis delivers its event, about a millisecond later; after a lost
 * Redis connection everything is dropped, since events may have been missed meanwhile.
 */
export class ApplianceReadCache {
  private accessClock = 0;
  private stateClock = 0;
  private readonly visible = new Map<string, Set<string>>();
  private readonly states = new Map<string, TApplianceState>();
  /** Per machine, answers derived from its live state alone (its lastTelemetry JSON), by name. */
  private readonly derived = new Map<string, Map<string, Buffer>>();
  private readonly lists = new Map<string, Buffer>();
  private listBytes = 0;
  private readonly listsLoading = new Map<string, Promise<Buffer>>();
  /** Serialised pages of the administration's tables (products, accounts): they change with access only. */
  private readonly tables = new Map<string, Buffer>();

  /** Who sees what, or anything a device list shows besides live state, changed. */
  accessChanged(): void {
    this.accessClock += 1;
    this.visible.clear();
    this.tables.clear();
    this.dropLists();
  }

  /** The live state of `serials` (every machine when omitted) changed. */
  stateChanged(serials?: Iterable<string>): void {
    this.stateClock += 1;
    if (serials) {
      for (const serial of serials) {
        this.states.delete(serial);
        this.derived.delete(serial);
      }
    } else {
      this.states.clear();
      this.derived.clear();
    }
    this.dropLists();
  }

  private dropLists(): void {
    this.lists.clear();
    this.listBytes = 0;
    this.listsLoading.clear();
  }

  /** The serial numbers the user `key` sees, if kept (answering without a promise: docs/benchmarks.md). */
  keptVisible(key: string): Set<string> | undefined {
    return this.visible.get(key);
  }

  /** An answer built from a machine's live state, if kept. */
  keptFromState(serial: string, name: string): Buffer | undefined {
    return this.derived.get(serial)?.get(name);
  }

  /** A serialised device list page, if kept. */
  keptList(key: string): Buffer | undefined {
    return this.lists.get(key);
  }

  /** A serialised page of an administration table, if kept. */
  keptTable(key: string): Buffer | undefined {
    return this.tables.get(key);
  }

  /**
   * A serialised page of an administration table (the key names the table, brand and query): kept
   * until the next change of accounts, companies or products (`accessChanged`), at most
   * `TABLE_PAGES` of them, unless such a change happened while it was built.
   */
  async table(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.tables.get(key);
    if (hit) return hit;
    const clock = this.accessClock;
    const json = await build();
    if (clock === this.accessClock) {
      this.tables.set(key, json);
      bound(this.tables, TABLE_PAGES);
    }
    return json;
  }

  /** The serial numbers the user `key` sees. */
  async visibleSerials(key: string, load: () => Promise<string[]>): Promise<Set<string>> {
    const [serials] = await this.visibleSerialsMany([key], async () => [await load()]);
    return serials ?? new Set();
  }

  /**
   * The serial numbers each of the users `keys` sees, in their order; `load` is asked once for
   * those not kept (in their order) and answers theirs in the same order.
   */
  async visibleSerialsMany(keys: readonly string[], load: (missing: string[]) => Promise<string[][]>): Promise<Set<string>[]> {
    const found = keys.map((key) => this.visible.get(key));
    const missing = keys.filter((_, i) => !found[i]);
    if (missing.length === 0) return found as Set<string>[];
    const clock = this.accessClock;
    const loaded = new Map((await load(missing)).map((serials, i) => [missing[i] as string, new Set(serials)]));
    if (clock === this.accessClock) {
      for (const [key, serials] of loaded) this.visible.set(key, serials);
      bound(this.visible, VISIBLE_USERS);
    }
    return keys.map((key, i) => found[i] ?? loaded.get(key) ?? new Set());
  }

  /** A machine's live state row. */
  async state(serial: string, load: () => Promise<TApplianceState | undefined>): Promise<TApplianceState | undefined> {
    const hit = this.states.get(serial);
    if (hit) return hit;
    const clock = this.stateClock;
    const state = await load();
    if (state && clock === this.stateClock) {
      this.states.set(serial, state);
      bound(this.states, STATES);
    }
    return state;
  }

  /** An answer built from the machine's live state only (the same for every user who may see it). */
  async fromState(serial: string, name: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.derived.get(serial)?.get(name);
    if (hit) return hit;
    const clock = this.stateClock;
    const value = await build();
    if (clock === this.stateClock) {
      let forSerial = this.derived.get(serial);
      if (!forSerial) {
        this.derived.set(serial, (forSerial = new Map()));
        bound(this.derived, STATES);
      }
      forSerial.set(name, value);
    }
    return value;
  }

  /**
   * A serialised device list page (the key names user, filters, sort, limit and cursor). Concurrent
   * calls with the same key share one build; a build that saw a change while it ran is answered to
   * its callers but not kept.
   */
  async list(key: string, build: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.lists.get(key);
    if (hit) return hit;
    const loading = this.listsLoading.get(key);
    if (loading) return loading;
    const access = this.accessClock;
    const state = this.stateClock;
    const promise = build();
    this.listsLoading.set(key, promise);
    try {
      const json = await promise;
      if (access === this.accessClock && state === this.stateClock) {
        this.lists.set(key, json);
        this.listBytes += json.length;
        while (this.listBytes > LIST_BYTES && this.lists.size > 1) {
          const [oldest, value] = this.lists.entries().next().value as [string, Buffer];
          this.lists.delete(oldest);
          this.listBytes -= value.length;
        }
      }
      return json;
    } finally {
      if (this.listsLoading.get(key) === promise) this.listsLoading.delete(key);
    }
  }
}
