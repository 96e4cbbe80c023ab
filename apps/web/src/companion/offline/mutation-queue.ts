/**
 * A small, generic queue of the user's changes made without a network: each change is an API request
 * kept in durable storage (IndexedDB in the app) and sent once the network is back, one after the
 * other in the order they were made. A request the server refuses is set aside with the server's
 * message, for the user to see, try again or drop; the ones after it still go. A request that could
 * not reach the server stops the replay, and it resumes at the next `replay()` (the app calls it on
 * the browser's `online` event and at start).
 *
 * The app's one queue, its hook and its status panel are in `./index.ts`; this file holds the rules
 * and takes its storage and sender as parameters so the unit test can drive it.
 */

/** What is sent: an API path under the app's API base, as `apiFetch` takes it. */
export type TQueuedRequest = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The JSON body; must survive structured cloning (plain data). */
  body?: unknown;
  /** What the user sees in the waiting list and in a failure: "Edit customer: Rossi". */
  label: string;
  /** TanStack Query keys to reload once the request went through. */
  invalidates?: readonly (readonly unknown[])[];
};

export type TQueuedMutation = TQueuedRequest & {
  id: string;
  /** The user who made the change: only their own changes are sent with their session. */
  owner: string;
  queuedAt: number;
};

export type TFailedMutation = TQueuedMutation & { failedAt: number; message: string };

export type TQueueState = { pending: readonly TQueuedMutation[]; failed: readonly TFailedMutation[]; replaying: boolean };

export type TQueueStorage = {
  load(): Promise<Pick<TQueueState, 'pending' | 'failed'> | undefined>;
  save(state: Pick<TQueueState, 'pending' | 'failed'>): Promise<void>;
};

export type TQueueOptions = {
  storage: TQueueStorage;
  /** Sends one request; throws on failure. */
  send: (request: TQueuedRequest) => Promise<unknown>;
  /** True for a failure that says nothing about the request (no network): it waits for the next replay. */
  isUnreachable: (error: unknown) => boolean;
  /** Who is signed in now (undefined: nobody, nothing is sent). */
  owner: () => string | undefined;
  isOnline: () => boolean;
  /** After a request went through (the app reloads its `invalidates` keys). */
  onSent?: (mutation: TQueuedMutation) => void;
  /**
   * What of a request the server took but answered as partly refused (a page of records carried home
   * of which some could not be stored): a message for the user, and the request is set aside as
   * refused, to try again or drop; undefined when all of it went in.
   */
  partlyRefused?: (request: TQueuedRequest, answer: unknown) => string | undefined;
};

export type TSubmitOutcome = 'sent' | 'queued' | 'failed';

export type TMutationQueue = {
  /**
   * Sends the change now when online and nothing waits before it; otherwise keeps it for later.
   * 'sent': the server took it. 'queued': it waits for the network. 'failed': it was replayed behind
   * earlier changes and refused, or the server answered it as partly refused (`partlyRefused`); it is
   * in `failed`. A refusal of a change sent at once throws the sender's error (the form that made it
   * shows it), and nothing is kept.
   */
  submit(request: TQueuedRequest): Promise<TSubmitOutcome>;
  /** Sends what waits, in order; resolves when done or when the network failed again. */
  replay(): Promise<void>;
  /** Puts a failed change back at the end of the queue and replays. */
  retry(id: string): Promise<void>;
  /** Drops a failed change for good. */
  discard(id: string): Promise<void>;
  state(): TQueueState;
  subscribe(listener: () => void): () => void;
  /**
   * Reads what an earlier visit left in storage and adds it to what is in memory; call at start (the
   * first save does it too). Storage that cannot be read now is left alone and read again at the next save.
   */
  load(): Promise<void>;
  /**
   * Writes what waits and what was refused to storage again (after the storage's key changed);
   * throws when that failed.
   */
  persist(): Promise<void>;
};

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createMutationQueue(options: TQueueOptions): TMutationQueue {
  let state: TQueueState = { pending: [], failed: [], replaying: false };
  let running: Promise<void> | undefined;
  const listeners = new Set<() => void>();

  let loaded: Promise<void> | undefined;

  /** `shownOnceStored`: listeners hear of the change only after it was saved (or failed to be). */
  const set = async (next: Partial<TQueueState>, persist = true, shownOnceStored = false) => {
    state = { ...state, ...next };
    const notify = () => {
      for (const listener of listeners) listener();
    };
    if (!shownOnceStored) notify();
    if (!persist) return;
    try {
      await save();
    } catch {
      // Storage unusable this time (no IndexedDB, no key, a stored queue not read): the changes stay in
      // memory, and the next save tries again.
    }
    if (shownOnceStored) notify();
  };

  /** Adds what storage holds to what is in memory, once; a failed read is tried again by the next save. */
  const load = () =>
    (loaded ??= (async () => {
      const stored = await options.storage.load();
      if (!stored) return;
      const known = new Set([...state.pending, ...state.failed].map((m) => m.id));
      await set(
        {
          pending: [...stored.pending.filter((m) => !known.has(m.id)), ...state.pending],
          failed: [...stored.failed.filter((m) => !known.has(m.id)), ...state.failed],
        },
        false,
      );
    })().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));

  // Never a write before the stored queue was read: it would replace what an earlier visit left.
  const save = async () => {
    await load();
    await options.storage.save({ pending: state.pending, failed: state.failed });
  };

  async function drain(): Promise<void> {
    await set({ replaying: true }, false);
    try {
      for (;;) {
        const owner = options.owner();
        const next = state.pending.find((m) => m.owner === owner);
        if (!next || !options.isOnline()) return;
        let refused: string | undefined;
        let took = false;
        try {
          const answer = await options.send(next);
          took = true;
          refused = options.partlyRefused?.(next, answer);
        } catch (error) {
          if (options.isUnreachable(error)) return;
          refused = errorMessage(error);
        }
        await set({
          pending: state.pending.filter((m) => m.id !== next.id),
          ...(refused === undefined ? {} : { failed: [...state.failed, { ...next, failedAt: Date.now(), message: refused }] }),
        });
        // What the server took, even in part, changed what it shows.
        if (took) options.onSent?.(next);
      }
    } finally {
      await set({ replaying: false }, false);
    }
  }

  const queue: TMutationQueue = {
    async load() {
      try {
        await load();
      } catch {
        // Not readable now: what is stored stays, and the next save reads it again.
      }
    },
    persist: save,
    replay() {
      running ??= drain().finally(() => {
        running = undefined;
      });
      return running;
    },
    async submit(request) {
      const owner = options.owner();
      if (!owner) throw new Error('Not signed in');
      const mutation: TQueuedMutation = { ...request, id: crypto.randomUUID(), owner, queuedAt: Date.now() };
      const waiting = state.pending.some((m) => m.owner === owner);
      if (options.isOnline() && !waiting && !running) {
        let took: { answer: unknown } | undefined;
        try {
          took = { answer: await options.send(request) };
        } catch (error) {
          if (!options.isUnreachable(error)) throw error;
        }
        if (took) {
          options.onSent?.(mutation);
          const refused = options.partlyRefused?.(request, took.answer);
          if (refused === undefined) return 'sent';
          await set({ failed: [...state.failed, { ...mutation, failedAt: Date.now(), message: refused }] });
          return 'failed';
        }
      }
      // A PUT writes the whole record: a later one of the same record replaces the one still waiting,
      // in its place. Sent one after the other, the second would be refused as made to a customer
      // "changed since", the change being the user's own first one.
      const superseded =
        mutation.method === 'PUT' &&
        state.pending.find((m) => m.owner === owner && m.method === 'PUT' && m.path === mutation.path);
      await set({
        pending: superseded
          ? state.pending.map((m) => (m === superseded ? { ...mutation, id: superseded.id } : m))
          : [...state.pending, mutation],
      });
      if (superseded) mutation.id = superseded.id;
      if (options.isOnline()) await queue.replay();
      if (state.pending.some((m) => m.id === mutation.id)) return 'queued';
      return state.failed.some((m) => m.id === mutation.id) ? 'failed' : 'sent';
    },
    async retry(id) {
      const failed = state.failed.find((m) => m.id === id && m.owner === options.owner());
      if (!failed) return;
      const { failedAt: _failedAt, message: _message, ...mutation } = failed;
      await set({ failed: state.failed.filter((m) => m.id !== id), pending: [...state.pending, mutation] });
      await queue.replay();
    },
    async discard(id) {
      const owner = options.owner();
      // Shown gone once stored so: a page left right after the tap must not bring the change back.
      await set({ failed: state.failed.filter((m) => m.id !== id || m.owner !== owner) }, true, true);
    },
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return queue;
}
