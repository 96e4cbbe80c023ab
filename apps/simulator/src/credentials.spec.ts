import { describe, expect, it } from 'vitest';
import { parseCredentials } from './credentials';

describe('parseCredentials', () => {
  it('reads the answers of the product API as they come', () => {
    expect(
      parseCredentials([
        { serialNumber: 'WB-0001', deviceSecret: 's1', gamma: 'prime' },
        { serialNumber: 'WB-0002', deviceSecret: 's2' },
      ]),
    ).toEqual([
      { serial: 'WB-0001', secret: 's1', gamma: 'prime' },
      { serial: 'WB-0002', secret: 's2' },
    ]);
  });

  it('reads {serial, secret} lists and serial → secret maps', () => {
    expect(parseCredentials([{ serial: 'WB-0003', secret: 'x' }])).toEqual([{ serial: 'WB-0003', secret: 'x' }]);
    expect(parseCredentials({ 'WB-0004': 'y' })).toEqual([{ serial: 'WB-0004', secret: 'y' }]);
  });

  it('says which entry is wrong', () => {
    expect(() => parseCredentials([])).toThrow(/non-empty/);
    expect(() => parseCredentials([{ serialNumber: 'bad/serial', deviceSecret: 'x' }])).toThrow(/credentials\[0\]: bad serial/);
    expect(() => parseCredentials([{ serialNumber: 'WB-0005' }])).toThrow(/missing secret/);
    expect(() => parseCredentials([{ serial: 'WB-0006', secret: 'a', gamma: 'turbo' }])).toThrow(/unknown gamma/);
    expect(() =>
      parseCredentials([
        { serial: 'WB-0007', secret: 'a' },
        { serial: 'WB-0007', secret: 'b' },
      ]),
    ).toThrow(/twice/);
  });
});
