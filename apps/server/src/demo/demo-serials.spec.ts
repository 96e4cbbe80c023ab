import { describe, expect, it } from 'vitest';
import { serialPrefix } from './demo';

describe('the serial numbers of a brand’s demo machines', () => {
  it('use the brand’s own prefix on a new database', () => {
    expect(serialPrefix('LUMINA', [])).toBe('DEMO');
    expect(serialPrefix('KESTREL', ['DEMO0001', 'DEMO0002'])).toBe('KDEMO');
  });

  it('step aside when an older one-brand demo of the other brand holds DEMO0001…', () => {
    // The one-brand demo always numbered its machines DEMO0001–6, whichever brand it was seeded in:
    // a Kestrel demo of that kind leaves Lumina's own serials taken (they are MQTT identities).
    expect(serialPrefix('LUMINA', ['DEMO0001', 'DEMO0006'])).toBe('LDEMO');
    expect(serialPrefix('LUMINA', ['KDEMO0001'])).toBe('DEMO');
  });
});
