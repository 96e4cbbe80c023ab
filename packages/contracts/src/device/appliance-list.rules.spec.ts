import { describe, expect, it } from 'vitest';
import { decodeApplianceListCursor, encodeApplianceListCursor } from './appliance-list.rules';
import { ZApplianceListQuery } from './appliance.schema';

describe('device list cursor', () => {
  it('reads back what it wrote, any name included, as URL-safe text', () => {
    for (const cursor of [
      { key: 'bar', serialNumber: 'SN-0001' },
      { key: 'lavastoviglie n°1 — cucina', serialNumber: 'ab_CD-12' },
      { key: 'geschirrspüler "groß" 🍽️', serialNumber: 'ZZZZ' },
    ]) {
      const text = encodeApplianceListCursor(cursor);
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeApplianceListCursor(text)).toEqual(cursor);
    }
  });

  it('refuses anything it did not write', () => {
    const base64url = (value: string | Uint8Array) => Buffer.from(value).toString('base64url');
    for (const text of [
      '',
      'not a cursor',
      'abc=',
      base64url('bar'),
      base64url('{"key":"bar","serialNumber":"SN-0001"}'),
      base64url('["bar"]'),
      base64url('["bar","SN-0001","x"]'),
      base64url('[1,"SN-0001"]'),
      base64url('["","SN-0001"]'),
      base64url('["bar","no spaces"]'),
      base64url(JSON.stringify(['x'.repeat(201), 'SN-0001'])),
      base64url(new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x2c, 0x22, 0x53, 0x4e, 0x2d, 0x31, 0x22, 0x5d])),
      'A'.repeat(3000),
    ]) {
      expect(decodeApplianceListCursor(text), text).toBeUndefined();
    }
  });

  it('is decoded by the list query, which defaults the page size and bounds it', () => {
    const after = encodeApplianceListCursor({ key: 'bar', serialNumber: 'SN-0001' });
    expect(ZApplianceListQuery.parse({ after })).toEqual({ limit: 50, after: { key: 'bar', serialNumber: 'SN-0001' } });
    expect(ZApplianceListQuery.parse({ limit: '200' }).limit).toBe(200);
    for (const limit of ['0', '201', '2.5', 'x']) expect(ZApplianceListQuery.safeParse({ limit }).success, limit).toBe(false);
    expect(ZApplianceListQuery.safeParse({ after: 'nope!' }).success).toBe(false);
  });
});
