import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TELEMETRY_FIELDS, TELEMETRY_KEYS, ZTelemetry } from '@washboard/contracts';
import { readTelemetry } from './telemetry-reader';

/** A value for a telemetry field: mostly near its bounds, sometimes of another type. */
const value = (min: number, max: number) =>
  fc.oneof(
    fc.integer({ min, max }),
    fc.constantFrom(min - 1, max + 1, min, max, 0, 0.5, -0, Number.MAX_SAFE_INTEGER + 2),
    fc.constantFrom(null, '12', true, [], {}),
  );

const timestamp = fc.oneof(
  fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '2026-11-23T10:00:00Z',
    '2026-11-23T10:00:00+01:00',
    '2026-11-23T10:00:00.123456+05:30',
    '2026-02-29T10:00:00Z',
    '2024-02-29T10:00:00Z',
    '2026-11-23T10:00Z',
    '2026-11-23 10:00:00Z',
    '2026-11-23T24:00:00Z',
    '2026-11-23T10:00:00',
    // The edges of a machine's time: from 1970 (a clock reset) to 9998, year 0 refused by PostgreSQL.
    '0000-01-01T00:00:00Z',
    '1969-12-31T23:59:59.999Z',
    '1970-01-01T00:00:00Z',
    '1970-01-01T00:30:00+01:00',
    '9998-12-31T23:59:59Z',
    '9998-12-31T23:00:00-02:00',
    '9999-01-01T00:00:00Z',
    '',
  ),
  fc.string(),
  fc.integer(),
);

const message = fc.record(
  {
    ts: timestamp,
    ...Object.fromEntries(TELEMETRY_KEYS.map((key) => [key, value(TELEMETRY_FIELDS[key].min, TELEMETRY_FIELDS[key].max)])),
    unknownField: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('the hot-path telemetry reader', () => {
  it('accepts and refuses exactly what ZTelemetry does, with the same output', () => {
    fc.assert(
      fc.property(fc.oneof(message, fc.anything()), (json) => {
        const fast = readTelemetry(json);
        const contract = ZTelemetry.safeParse(json);
        expect(fast.success).toBe(contract.success);
        if (fast.success && contract.success) expect(fast.data).toStrictEqual(contract.data);
      }),
      { numRuns: 5_000, seed: 13 },
    );
  });

  it('refuses a time PostgreSQL cannot store, and one before 1970', () => {
    for (const ts of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '1970-01-01T00:30:00+01:00', '9999-06-01T00:00:00Z'])
      expect(readTelemetry({ ts }).success, ts).toBe(false);
    for (const ts of ['1970-01-01T00:00:00Z', '9998-12-31T23:59:59Z']) expect(readTelemetry({ ts }).success, ts).toBe(true);
  });

  it("names zod's issues when it refuses", () => {
    const read = readTelemetry({ ts: '2026-11-23T10:00:00Z', boilerTmp: 9_999 });
    expect(read.success).toBe(false);
    if (!read.success) expect(read.issues.join(' ')).toMatch(/boilerTmp/);
  });
});
