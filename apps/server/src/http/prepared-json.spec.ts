import { describe, expect, it } from 'vitest';
import { BoundedCache, ENCODINGS_KEPT } from './prepared-json';

describe('the Accept-Encoding answers kept', () => {
  it('stay a few however many header texts a caller makes up', () => {
    const cache = new BoundedCache<string>();
    for (let i = 0; i < 10_000; i += 1) cache.set(`gzip;q=0.${i}`, 'gzip');
    expect(cache.size).toBeLessThanOrEqual(ENCODINGS_KEPT);
    // A text seen again is answered from the cache, and setting it again forgets nothing.
    cache.set('gzip, deflate, br', 'gzip');
    const size = cache.size;
    cache.set('gzip, deflate, br', 'gzip');
    expect(cache.get('gzip, deflate, br')).toBe('gzip');
    expect(cache.size).toBe(size);
  });
});
