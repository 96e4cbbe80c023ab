import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The vault module as a new page (or another tab) loads it: no key in memory, the same IndexedDB. */
async function freshVault() {
  vi.resetModules();
  return import('./vault');
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function roundTrip(sealWith: CryptoKey | undefined, openWith: CryptoKey | undefined): Promise<string> {
  if (!sealWith || !openWith) throw new Error('no key');
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, sealWith, new TextEncoder().encode('Rossi'));
  return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, openWith, data));
}

describe('localKey', () => {
  it('tries again after IndexedDB failed once, instead of going without a key for the rest of the visit', async () => {
    const { localKey } = await freshVault();
    const open = indexedDB.open.bind(indexedDB);
    const failing = vi.spyOn(indexedDB, 'open').mockImplementation((name, version) => {
      if (name === 'washboard') throw new DOMException('blocked', 'UnknownError');
      return open(name, version);
    });
    expect(await localKey('retry')).toBeUndefined();
    failing.mockRestore();
    expect(await localKey('retry')).toBeInstanceOf(CryptoKey);
  });

  it('gives two tabs making the first key at the same moment one key', async () => {
    const first = await freshVault();
    const second = await freshVault();
    const [a, b] = await Promise.all([first.localKey('two-tabs'), second.localKey('two-tabs')]);
    expect(await roundTrip(a, b)).toBe('Rossi');
    const third = await freshVault();
    expect(await roundTrip(a, await third.localKey('two-tabs'))).toBe('Rossi');
  });
});
