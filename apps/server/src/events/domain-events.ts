import { randomUUID } from 'node:crypto';
import type { TBrandCode, TCommandResult } from '@washboard/contracts';
import type { TFanout } from '../live/fanout';

const CHANNEL = 'washboard:events';

/** The server's domain events and what each carries. */
export type TDomainEventMap = {
  /** Who sees which machines, or anything a device list shows besides live state, changed. */
  accessChanged: Record<string, never>;
  /** The live state of these machines changed (`null`: any machine). */
  stateChanged: { serials: string[] | null };
  /**
   * Machines of the brand were claimed, released, added or deleted: who sees what may differ.
   * `serials`: the machines concerned, `null` when not known (a customer's accounts or deletion).
   */
  appliancesChanged: { brand: TBrandCode; serials: string[] | null };
  /** A product was created (or created again): its device secret may be new. */
  deviceProvisioned: { serial: string };
  /** A product was deleted: its device identity is no more. */
  deviceRevoked: { serial: string };
  /** A machine answered a command. */
  commandResult: { result: TCommandResult };
};
export type TDomainEvent = keyof TDomainEventMap;
type THandler<K extends TDomainEvent> = (data: TDomainEventMap[K]) => void;

/**
 * A typed in-process event bus whose events also reach every other server instance through the
 * fan-out (Redis with REDIS_URL). Emitters do not know who listens: the read cache, the push hub and
 * the command service subscribe. A handler runs in the emitting instance at once, and in the others
 * when the fan-out delivers — so each instance's caches drop what another instance's writes changed.
 */
export class DomainEvents {
  private readonly origin = randomUUID();
  private readonly handlers = new Map<TDomainEvent, Set<THandler<never>>>();

  constructor(private readonly fanout: TFanout) {}

  /** Listens to the other instances (nothing to do with one instance: the fan-out is this process). */
  async start(): Promise<void> {
    if (this.fanout.kind === 'in-process') return;
    await this.fanout.subscribe(CHANNEL, (payload) => {
      const { origin, name, data } = JSON.parse(payload) as { origin: string; name: TDomainEvent; data: never };
      if (origin !== this.origin) this.dispatch(name, data);
    });
    // Messages published while the connection to Redis was down are gone: forget everything derived.
    this.fanout.onReconnect?.(() => {
      this.dispatch('accessChanged', {});
      this.dispatch('stateChanged', { serials: null });
    });
  }

  on<K extends TDomainEvent>(name: K, handler: THandler<K>): () => void {
    let set = this.handlers.get(name);
    if (!set) this.handlers.set(name, (set = new Set()));
    set.add(handler as THandler<never>);
    return () => set.delete(handler as THandler<never>);
  }

  emit<K extends TDomainEvent>(name: K, data: TDomainEventMap[K]): void {
    this.dispatch(name, data);
    if (this.fanout.kind !== 'in-process') this.fanout.publish(CHANNEL, JSON.stringify({ origin: this.origin, name, data }));
  }

  private dispatch<K extends TDomainEvent>(name: K, data: TDomainEventMap[K]): void {
    const set = this.handlers.get(name);
    if (set) for (const handler of set) (handler as THandler<K>)(data);
  }
}
