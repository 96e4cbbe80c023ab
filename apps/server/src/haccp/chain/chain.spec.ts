import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  chainHash,
  chainHashOf,
  entryJson,
  eventRecord,
  eventRecordJson,
  type TEventRow,
  type TJson,
} from './chain';

// Every stored chain depends on these bytes: a change of the canonical form breaks every chain
// written before it (docs/hygiene.md, "Canonical form").
describe('canonical JSON of a chain entry', () => {
  it('sorts members by UTF-16 code units at every depth, drops undefined ones and writes no whitespace', () => {
    const value = {
      z: 1,
      a: [true, null, 'x"\n'],
      é: 0.1,
      '€': 1e21,
      '😀': -0,
      b: undefined,
      '10': 'ten',
      '9': 'nine',
      m: { y: [1, { d: 2, c: 3 }], x: 'ü' },
    };
    expect(canonicalJson(value)).toBe(
      '{"10":"ten","9":"nine","a":[true,null,"x\\"\\n"],"m":{"x":"ü","y":[1,{"c":3,"d":2}]},"z":1,"é":0.1,"€":1e+21,"😀":0}',
    );
  });

  it('sorts what comes unsorted inside members already in order, as jsonb hands back measurements', () => {
    const fromJsonb = JSON.parse('{"washMaxTmp":615,"rinseMaxTmp":848}') as Record<string, number>;
    const record = { id: 'r1', measurements: fromJsonb, rinseTrace: [820, { b: 1, a: undefined, c: [2, undefined] }] };
    expect(canonicalJson(record)).toBe(
      '{"id":"r1","measurements":{"rinseMaxTmp":848,"washMaxTmp":615},"rinseTrace":[820,{"b":1,"c":[2,null]}]}',
    );
    // The value itself is left as it was.
    expect(Object.keys(fromJsonb)).toEqual(['washMaxTmp', 'rinseMaxTmp']);
  });

  it('writes the same bytes for a record whatever order its machine values come in', () => {
    const row = (measurements: string, newValue: string) => ({
      id: 'r1',
      kind: 'parameter',
      cycle_name: null,
      cycle_number: null,
      start: '2026-11-25T06:00:00.000Z',
      stop: '2026-11-25T06:00:00.000Z',
      completed: null,
      measurements: JSON.parse(measurements) as TJson,
      parameter_name: 'rinseTmp',
      old_value: null,
      new_value: JSON.parse(newValue) as TJson,
      rinse_trace: null,
    });
    const a = canonicalJson(eventRecord(row('{"washMaxTmp":615,"rinseMaxTmp":848}', '{"10":1,"9":2}')));
    const b = canonicalJson(eventRecord(row('{"rinseMaxTmp":848,"washMaxTmp":615}', '{"9":2,"10":1}')));
    expect(a).toBe(b);
    expect(a).toContain('"measurements":{"rinseMaxTmp":848,"washMaxTmp":615}');
    expect(a).toContain('"newValue":{"10":1,"9":2}');
  });

  it('writes an object of another kind by its own members only, as it always did', () => {
    expect(canonicalJson({ at: new Date(0), list: new Map([['a', 1]]) })).toBe('{"at":{},"list":{}}');
  });

  it('keeps a member named __proto__ as a member', () => {
    expect(canonicalJson(JSON.parse('{"b":1,"__proto__":{"x":2}}'))).toBe('{"__proto__":{"x":2},"b":1}');
  });

  it('writes null for null and undefined, in arrays too, and refuses what JSON cannot hold', () => {
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('null');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(() => canonicalJson({ t: Number.NaN })).toThrow(/finite/);
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow(/finite/);
    expect(() => canonicalJson({ n: 1n })).toThrow(/bigint/);
  });

  it('hashes an entry as it always has', () => {
    const entry = {
      serialNumber: 'SN1',
      seq: 1,
      kind: 'event' as const,
      late: false,
      deviceTime: '2026-11-25T06:00:00.000Z',
      chainedAt: '2026-11-25T06:00:01.000Z',
      record: { id: 'r1', measurements: { rinseMaxTmp: 848, rinseMinTmp: 800 }, rinseTrace: [820, 848] },
    };
    expect(chainHash('0'.repeat(64), entry)).toBe('2b08f2e31fd5d1db9ec742a3436b14196e6b3e11e64b10f6eab8910d43bf37ff');
  });

  it("writes an entry around its record's JSON with the bytes of the whole entry", () => {
    const record = { id: 'r1', measurements: { washMaxTmp: 615, rinseMaxTmp: 848 }, rinseTrace: [820, 848] };
    const envelopes = [
      {
        chainedAt: '2026-11-25T06:00:01.000Z',
        deviceTime: '2026-11-25T06:00:00.000Z',
        kind: 'event' as const,
        late: false,
        seq: 1,
        serialNumber: 'SN1',
      },
      {
        carriedBy: 'Zoë "Tech" \u2028 😀',
        chainedAt: '2026-11-25T06:00:01.000Z',
        deviceTime: '2026-11-24T23:59:59.999Z',
        kind: 'alarmClose' as const,
        late: true,
        seq: 9_007_199_254_740_991,
        serialNumber: 'SN"2\\',
      },
    ];
    for (const envelope of envelopes) {
      const whole = { ...envelope, record };
      expect(entryJson(envelope, canonicalJson(record))).toBe(canonicalJson(whole));
      expect(chainHashOf('f'.repeat(64), envelope, canonicalJson(record))).toBe(chainHash('f'.repeat(64), whole));
    }
    expect(() => entryJson({ ...(envelopes[0] as (typeof envelopes)[0]), seq: Number.NaN }, '{}')).toThrow(/finite/);
  });

  it("writes an event's record member by member with the bytes canonicalJson writes for it", () => {
    const cycle: TEventRow = {
      id: 'b3c1e0d2-0000-4000-8000-000000000001',
      kind: 'cycle',
      cycle_name: 'dishes',
      cycle_number: 12,
      start: new Date('2026-11-25T05:57:30Z'),
      stop: '2026-11-25T06:00:00.000Z',
      completed: true,
      measurements: JSON.parse('{"washMinTmp":580,"washMaxTmp":615,"rinseMinTmp":800,"rinseMaxTmp":848}') as TJson,
      parameter_name: null,
      old_value: null,
      new_value: null,
      rinse_trace: [800, 804, -0, 1e21, 0.1],
    };
    const parameter: TEventRow = {
      ...cycle,
      kind: 'parameter',
      cycle_name: null,
      cycle_number: null,
      completed: null,
      measurements: null,
      parameter_name: 'rinse "S1" ü',
      old_value: JSON.parse('{"10":1,"9":{"b":[1,{"z":0,"a":null}],"a":"\\u00e9"}}') as TJson,
      new_value: 'x\n',
      rinse_trace: null,
    };
    // A member the row lacks is left out, as an undefined member always was.
    const lacking = { ...parameter, completed: undefined } as unknown as TEventRow;
    for (const row of [cycle, parameter, lacking]) expect(eventRecordJson(row)).toBe(canonicalJson(eventRecord(row)));
    expect(eventRecordJson(lacking)).not.toContain('completed');
  });
});
