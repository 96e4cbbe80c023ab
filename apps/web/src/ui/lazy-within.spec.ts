import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, loadWithin } from './lazy-within';

describe('loadWithin', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a load that has not arrived after 120 s', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const stalled = loadWithin(() => new Promise<never>(() => undefined));
    const outcome = stalled.then(
      () => 'loaded',
      (error: Error) => error.name,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('ChunkLoadError');
  });

  it('answers a load that arrives in time, and passes on its own failure', async () => {
    const late = loadWithin(() => new Promise<string>((resolve) => setTimeout(() => resolve('page'), 90_000)));
    await vi.advanceTimersByTimeAsync(90_000);
    expect(await late).toBe('page');
    await expect(loadWithin(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow('Failed to fetch');
    // Nothing is left to fire later.
    expect(vi.getTimerCount()).toBe(0);
  });
});
