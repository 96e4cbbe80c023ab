import { describe, expect, it } from 'vitest';
import { brandedUrl, brandForHost } from './brands';

const mapping = { 'wash.kestrel.test': 'KESTREL' as const };

describe('a brand by host name', () => {
  it('takes an exact entry, then a first label naming a brand, else the default', () => {
    expect(brandForHost('wash.kestrel.test', mapping, 'LUMINA')).toBe('KESTREL');
    expect(brandForHost('WASH.KESTREL.TEST:8443', mapping, 'LUMINA')).toBe('KESTREL');
    expect(brandForHost('kestrel.example.com', mapping, 'LUMINA')).toBe('KESTREL');
    expect(brandForHost('localhost', mapping, 'LUMINA')).toBe('LUMINA');
    expect(brandForHost('127.0.0.1', mapping, 'KESTREL')).toBe('KESTREL');
  });
});

describe('an address for a reader of a brand', () => {
  it('names the brand only where the host would show another', () => {
    // One host for both brands: the brand travels in the query.
    expect(brandedUrl('http://localhost:8080/device/K1', 'KESTREL', {}, 'LUMINA')).toBe(
      'http://localhost:8080/device/K1?brand=KESTREL',
    );
    expect(brandedUrl('http://localhost:8080/device/L1', 'LUMINA', mapping, 'LUMINA')).toBe('http://localhost:8080/device/L1');
    expect(brandedUrl('https://wash.kestrel.test/device/K1', 'KESTREL', mapping, 'LUMINA')).toBe(
      'https://wash.kestrel.test/device/K1',
    );
    expect(brandedUrl('https://wash.kestrel.test/device/L1', 'LUMINA', mapping, 'LUMINA')).toBe(
      'https://wash.kestrel.test/device/L1?brand=LUMINA',
    );
  });

  it("moves to the brand's own host when the mapping names one, keeping scheme, port and path", () => {
    const both = { 'wash.lumina.test': 'LUMINA' as const, 'wash.kestrel.test': 'KESTREL' as const };
    expect(brandedUrl('https://wash.lumina.test:8443/device/K1?x=1', 'KESTREL', both, 'LUMINA')).toBe(
      'https://wash.kestrel.test:8443/device/K1?x=1',
    );
    expect(brandedUrl('https://wash.lumina.test/login', 'LUMINA', both, 'LUMINA')).toBe('https://wash.lumina.test/login');
  });

  it("keeps the address's own query and adds the brand after it", () => {
    expect(brandedUrl('http://localhost:8080/changepassword?token=a%2Bb&email=k%40x.test', 'KESTREL', {}, 'LUMINA')).toBe(
      'http://localhost:8080/changepassword?token=a%2Bb&email=k%40x.test&brand=KESTREL',
    );
  });
});
