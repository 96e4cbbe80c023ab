import 'fake-indexeddb/auto';
import { createStore, get } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMutationQueue, type TQueuedRequest } from './mutation-queue';
import { idbQueueStorage } from './queue-storage';
import { replaceOfflineKey, unseal } from './sealed';

class Unreachable extends Error {}
class Refused extends Error {}

/**
 * A queue over IndexedDB (fake-indexeddb in Node) with a sender standing for the network: `online`
 * and `refuse` decide what the next send meets; `sent` records what got through, in order.
 */
function harness(database: string, owner = 'user-1', page = { createMutationQueue, idbQueueStorage }) {
  const world = { online: true, refuse: new Set<string>(), sent: [] as string[], owner, reachable: true, afterSend: () => {} };
  const queue = page.createMutationQueue({
    storage: page.idbQueueStorage(database),
    send: async (request: TQueuedRequest) => {
      if (!world.online || !world.reachable) throw new Unreachable('offline');
      if (world.refuse.has(request.path)) throw new Refused(`refused ${request.path}`);
      world.sent.push(request.path);
      world.afterSend();
    },
    isUnreachable: (error) => error instanceof Unreachable,
    owner: () => world.owner,
    isOnline: () => world.online,
  });
  return { queue, world };
}

/** A new page load: the modules again (no key in memory) over the same IndexedDB. */
async function newPage() {
  vi.resetModules();
  const page = { ...(await import('./mutation-queue')), ...(await import('./queue-storage')) };
  const { replaceOfflineKey } = await import('./sealed');
  return { harness: (database: string) => harness(database, 'user-1', page), replaceOfflineKey };
}

/** IndexedDB refuses to open the keys' database (the vault's `washboard`) until restored. */
function keysUnavailable() {
  const open = indexedDB.open.bind(indexedDB);
  return vi.spyOn(indexedDB, 'open').mockImplementation((name, version) => {
    if (name === 'washboard') throw new DOMException('blocked', 'UnknownError');
    return open(name, version);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

const labels = ({ queue }: { queue: ReturnType<typeof createMutationQueue> }) => queue.state().pending.map((m) => m.label);

const edit = (n: number): TQueuedRequest => ({ method: 'PUT', path: `/api/v1/things/${n}`, body: { n }, label: `edit ${n}` });

describe('offline mutation queue', () => {
  it('sends at once when online and nothing waits', async () => {
    const { queue, world } = harness('q-online');
    expect(await queue.submit(edit(1))).toBe('sent');
    expect(world.sent).toEqual(['/api/v1/things/1']);
    expect(queue.state().pending).toEqual([]);
  });

  it('keeps changes made offline across a reload and replays them in order', async () => {
    const first = harness('q-reload');
    first.world.online = false;
    expect(await first.queue.submit(edit(1))).toBe('queued');
    expect(await first.queue.submit(edit(2))).toBe('queued');
    expect(first.queue.state().pending.map((m) => m.label)).toEqual(['edit 1', 'edit 2']);

    // A new page load: a fresh queue reads the same IndexedDB.
    const second = harness('q-reload');
    await second.queue.load();
    expect(second.queue.state().pending.map((m) => m.label)).toEqual(['edit 1', 'edit 2']);
    await second.queue.replay();
    expect(second.world.sent).toEqual(['/api/v1/things/1', '/api/v1/things/2']);
    expect(second.queue.state().pending).toEqual([]);

    const third = harness('q-reload');
    await third.queue.load();
    expect(third.queue.state().pending).toEqual([]);
  });

  it('keeps only the latest whole-record change of a record made offline, in the place of the first', async () => {
    const { queue, world } = harness('q-supersede');
    world.online = false;
    await queue.submit(edit(1));
    await queue.submit(edit(2));
    await queue.submit({ ...edit(1), body: { n: 11 }, label: 'edit 1 again' });
    await queue.submit({ method: 'POST', path: '/api/v1/things/1', body: {}, label: 'post 1' });
    expect(labels({ queue })).toEqual(['edit 1 again', 'edit 2', 'post 1']);
    expect(queue.state().pending[0]?.body).toEqual({ n: 11 });
    world.online = true;
    await queue.replay();
    expect(world.sent).toEqual(['/api/v1/things/1', '/api/v1/things/2', '/api/v1/things/1']);
  });

  it('queues a change behind waiting ones instead of overtaking them', async () => {
    const { queue, world } = harness('q-order');
    world.online = false;
    await queue.submit(edit(1));
    world.online = true;
    expect(await queue.submit(edit(2))).toBe('sent');
    expect(world.sent).toEqual(['/api/v1/things/1', '/api/v1/things/2']);
  });

  it('sets a refused change aside with its message, sends the rest, and can retry or drop it', async () => {
    const { queue, world } = harness('q-refused');
    world.online = false;
    await queue.submit(edit(1));
    await queue.submit(edit(2));
    await queue.submit(edit(3));
    world.online = true;
    world.refuse.add('/api/v1/things/2');
    await queue.replay();
    expect(world.sent).toEqual(['/api/v1/things/1', '/api/v1/things/3']);
    expect(queue.state().failed.map((m) => [m.label, m.message])).toEqual([['edit 2', 'refused /api/v1/things/2']]);

    world.refuse.clear();
    const failed = queue.state().failed[0];
    await queue.retry(failed?.id ?? '');
    expect(world.sent.at(-1)).toBe('/api/v1/things/2');
    expect(queue.state().failed).toEqual([]);

    world.online = false;
    await queue.submit(edit(4));
    world.online = true;
    world.refuse.add('/api/v1/things/4');
    await queue.replay();
    await queue.discard(queue.state().failed[0]?.id ?? '');
    expect(queue.state()).toMatchObject({ pending: [], failed: [] });
  });

  it('sets aside a change the server took only in part, with its message, sent at once or on replay', async () => {
    const sent: string[] = [];
    const reloaded: string[] = [];
    let online = true;
    const queue = createMutationQueue({
      storage: idbQueueStorage('q-partly'),
      send: async ({ path }) => {
        if (!online) throw new Unreachable('offline');
        sent.push(path);
        return { notStored: path.endsWith('/2') || path.endsWith('/4') ? [7] : [] };
      },
      isUnreachable: (error) => error instanceof Unreachable,
      owner: () => 'user-1',
      isOnline: () => online,
      onSent: ({ path }) => reloaded.push(path),
      partlyRefused: (_request, answer) =>
        (answer as { notStored: number[] }).notStored.length > 0 ? 'one record not stored' : undefined,
    });
    const upload = (n: number): TQueuedRequest => ({
      method: 'POST',
      path: `/api/v1/pages/${n}`,
      body: { n },
      label: `page ${n}`,
    });
    expect(await queue.submit(upload(1))).toBe('sent');
    expect(await queue.submit(upload(2))).toBe('failed');
    online = false;
    expect(await queue.submit(upload(3))).toBe('queued');
    expect(await queue.submit(upload(4))).toBe('queued');
    online = true;
    await queue.replay();
    expect(sent).toEqual(['/api/v1/pages/1', '/api/v1/pages/2', '/api/v1/pages/3', '/api/v1/pages/4']);
    // What the server took, even in part, is shown again; the pages it took only in part wait for a retry or a drop.
    expect(reloaded).toEqual(sent);
    expect(queue.state().pending).toEqual([]);
    expect(queue.state().failed.map((m) => [m.label, m.message])).toEqual([
      ['page 2', 'one record not stored'],
      ['page 4', 'one record not stored'],
    ]);
  });

  it('shows a dropped change gone only once the queue without it is stored, so leaving the page does not bring it back', async () => {
    const stored = idbQueueStorage('q-dropped-stored');
    // While `held`, a save waits for the test, as a slow IndexedDB write would.
    let held: Promise<void> | undefined = undefined;
    let release = () => {};
    let online = false;
    const queue = createMutationQueue({
      storage: {
        load: () => stored.load(),
        save: async (contents) => {
          await held;
          await stored.save(contents);
        },
      },
      send: () => Promise.reject(online ? new Refused('refused') : new Unreachable('offline')),
      isUnreachable: (error) => error instanceof Unreachable,
      owner: () => 'user-1',
      isOnline: () => online,
    });
    await queue.submit(edit(1));
    online = true;
    await queue.replay();
    expect(queue.state().failed).toHaveLength(1);
    let shownGone = false;
    queue.subscribe(() => (shownGone ||= queue.state().failed.length === 0));
    held = new Promise<void>((resolve) => (release = resolve));
    const dropped = queue.discard(queue.state().failed[0]?.id ?? '');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shownGone).toBe(false);
    release();
    await dropped;
    expect(shownGone).toBe(true);
    expect((await stored.load())?.failed).toEqual([]);
  });

  it('keeps a change refused on replay until it is dropped, and never sends it again by itself', async () => {
    const { queue, world } = harness('q-refused-kept');
    world.online = false;
    await queue.submit(edit(1));
    world.online = true;
    world.refuse.add('/api/v1/things/1');
    // Replayed behind a waiting change and refused: 'failed', not 'sent'.
    world.online = false;
    expect(await queue.submit(edit(2))).toBe('queued');
    world.online = true;
    world.refuse.add('/api/v1/things/3');
    expect(await queue.submit(edit(3))).toBe('failed');
    expect(world.sent).toEqual(['/api/v1/things/2']);

    // The server would take them now, but only the user's retry sends them again: not a replay, not a reload.
    world.refuse.clear();
    await queue.replay();
    const reloaded = harness('q-refused-kept');
    await reloaded.queue.load();
    await reloaded.queue.replay();
    expect([...world.sent, ...reloaded.world.sent]).toEqual(['/api/v1/things/2']);
    expect(reloaded.queue.state().failed.map((m) => [m.label, m.message])).toEqual([
      ['edit 1', 'refused /api/v1/things/1'],
      ['edit 3', 'refused /api/v1/things/3'],
    ]);
  });

  it('stops at a lost network and resumes where it stopped', async () => {
    const { queue, world } = harness('q-lost');
    world.online = false;
    await queue.submit(edit(1));
    await queue.submit(edit(2));
    world.online = true;
    // The server becomes unreachable right after the first change went through (the browser still says online).
    world.afterSend = () => {
      world.reachable = false;
      world.afterSend = () => {};
    };
    await queue.replay();
    expect(world.sent).toEqual(['/api/v1/things/1']);
    expect(queue.state().pending.map((m) => m.label)).toEqual(['edit 2']);
    expect(queue.state().failed).toEqual([]);
    world.reachable = true;
    await queue.replay();
    expect(world.sent).toEqual(['/api/v1/things/1', '/api/v1/things/2']);
  });

  it("throws a refusal of a change sent at once, keeping nothing, and never sends another user's changes", async () => {
    const { queue, world } = harness('q-owner');
    world.refuse.add('/api/v1/things/9');
    await expect(queue.submit(edit(9))).rejects.toThrow('refused');
    expect(queue.state()).toMatchObject({ pending: [], failed: [] });

    world.online = false;
    await queue.submit(edit(1));
    world.owner = 'user-2';
    world.online = true;
    await queue.replay();
    expect(world.sent).toEqual([]);
    expect(queue.state().pending).toHaveLength(1);
  });

  it("keeps no plain data in IndexedDB, and after logout's new key still holds the changes that wait", async () => {
    const { queue, world } = harness('q-sealed');
    world.online = false;
    await queue.submit({ ...edit(1), body: { surname: 'Rossi', email: 'rossi@osteria.test' } });

    const stored: unknown = await get('queue', createStore('q-sealed', 'mutations'));
    expect(stored).not.toHaveProperty('pending');
    const bytes = Object.values(stored ?? {}).map((part: ArrayBuffer | Uint8Array) => new TextDecoder().decode(part));
    expect(bytes.join('')).not.toMatch(/Rossi|rossi@osteria|things\/1|edit 1/);

    // Logout replaces the key: what the old one sealed is unreadable, the changes that wait are sealed again.
    await replaceOfflineKey(() => queue.persist());
    expect(await unseal(stored)).toBeUndefined();
    const reloaded = harness('q-sealed');
    await reloaded.queue.load();
    expect(reloaded.queue.state().pending.map((m) => [m.label, m.body])).toEqual([
      ['edit 1', { surname: 'Rossi', email: 'rossi@osteria.test' }],
    ]);
  });

  it('never writes over a stored queue it could not read, and reads it once the key loads again', async () => {
    const first = harness('q-no-key');
    first.world.online = false;
    await first.queue.submit(edit(1));

    // A new visit where IndexedDB gives no key for a while: the stored queue cannot be read, which is not an empty one.
    const failing = keysUnavailable();
    const second = (await newPage()).harness('q-no-key');
    second.world.online = false;
    await second.queue.load();
    expect(labels(second)).toEqual([]);
    expect(await second.queue.submit(edit(2))).toBe('queued');
    failing.mockRestore();
    await second.queue.submit(edit(3));
    expect(labels(second)).toEqual(['edit 1', 'edit 2', 'edit 3']);

    const third = (await newPage()).harness('q-no-key');
    await third.queue.load();
    expect(labels(third)).toEqual(['edit 1', 'edit 2', 'edit 3']);
  });

  it('reads a queue sealed with the old key when logout replaces the key before the queue was loaded', async () => {
    const first = (await newPage()).harness('q-logout-unloaded');
    first.world.online = false;
    await first.queue.submit(edit(1));

    const page = await newPage();
    const queue = page.harness('q-logout-unloaded').queue;
    await page.replaceOfflineKey(() => queue.persist());
    const reloaded = (await newPage()).harness('q-logout-unloaded');
    await reloaded.queue.load();
    expect(labels(reloaded)).toEqual(['edit 1']);
  });

  it('keeps the changes that wait when the app closes while logout replaces the key', async () => {
    const first = (await newPage()).harness('q-logout-cut');
    first.world.online = false;
    await first.queue.submit(edit(1));

    // Closed before the changes were sealed with the new key: the old one is still there.
    const page = await newPage();
    await expect(page.replaceOfflineKey(() => Promise.reject(new Error('closed')))).rejects.toThrow('closed');
    const second = (await newPage()).harness('q-logout-cut');
    await second.queue.load();
    expect(labels(second)).toEqual(['edit 1']);

    // Closed after they were sealed with the new key, before it replaced the old one: the new one is there.
    const third = await newPage();
    const queue = third.harness('q-logout-cut').queue;
    await queue.load();
    await expect(
      third.replaceOfflineKey(async () => {
        await queue.persist();
        keysUnavailable();
      }),
    ).rejects.toThrow('blocked');
    vi.restoreAllMocks();
    const fourth = (await newPage()).harness('q-logout-cut');
    await fourth.queue.load();
    expect(labels(fourth)).toEqual(['edit 1']);
  });
});
