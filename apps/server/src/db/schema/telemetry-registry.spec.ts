import { getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { TELEMETRY_FIELDS, TELEMETRY_KEYS } from '@washboard/contracts';
import { telemetry } from './appliances';

/**
 * The `telemetry` table is written out in Drizzle for its migrations; the device registry declares
 * the same columns. This holds the two together: a field added to one and not the other fails here.
 */
describe('the telemetry table', () => {
  const { columns } = getTableConfig(telemetry);

  it("has the registry's columns with their SQL types, after the machine and the instant", () => {
    expect(columns.map((c) => [c.name, c.getSQLType(), c.notNull])).toEqual([
      ['serial_number', 'text', true],
      ['ts', 'timestamp with time zone', true],
      ...TELEMETRY_KEYS.map((key) => [TELEMETRY_FIELDS[key].column, TELEMETRY_FIELDS[key].sqlType, false]),
    ]);
  });

  it('maps each registry key to the property of the same name', () => {
    for (const key of TELEMETRY_KEYS)
      expect((telemetry as unknown as Record<string, { name: string }>)[key]?.name).toBe(TELEMETRY_FIELDS[key].column);
  });
});
