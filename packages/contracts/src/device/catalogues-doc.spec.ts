import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TGamma } from '../appliance/gamma';
import { deviceEn } from '../i18n/device/en';
import { ALARMS } from './alarms';
import { CYCLE_TYPES } from './cycles';
import { CYCLE_FIELDS, PARAMETERS, parameterByKey } from './parameters';

/** docs/catalogues.md promises its tables match the code: this keeps the promise. */
const doc = readFileSync(new URL('../../../../docs/catalogues.md', import.meta.url), 'utf8');

/** The cells of every table row whose first cell is `first`. */
function rows(first: (cell: string) => boolean): string[][] {
  return doc
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    )
    .filter((cells) => first(cells[0] ?? ''));
}

const ranges = (gammas: readonly TGamma[]): string => (gammas.length === 4 ? 'all' : gammas.join(', '));

describe('docs/catalogues.md', () => {
  it('lists every alarm as the code defines it', () => {
    const codes = new Set<string>(ALARMS.map((a) => a.code));
    const documented = rows((cell) => codes.has(cell));
    expect(documented.map((cells) => cells[0])).toEqual(ALARMS.map((a) => a.code));
    for (const alarm of ALARMS) {
      const cells = documented.find((c) => c[0] === alarm.code);
      expect(cells?.slice(1, 5), alarm.code).toEqual([
        alarm.severity,
        ranges(alarm.gammas),
        alarm.solutions.join(', '),
        deviceEn.alarms[alarm.code],
      ]);
    }
  });

  it('lists every coded parameter with its bounds', () => {
    const coded = PARAMETERS.filter((p) => p.code);
    const keys = new Set<string>(coded.map((p) => p.key));
    const documented = rows((cell) => keys.has(cell));
    expect(documented.map((cells) => cells[0])).toEqual(coded.map((p) => p.key));
    for (const p of coded) {
      const cells = documented.find((c) => c[0] === p.key) ?? [];
      const [, , group, kind, , scale, min, max, def, step, gammas] = cells;
      expect([group, kind, scale, min, max, def, step, gammas], p.key).toEqual(
        [p.group, p.kind, p.scale, p.min, p.max, p.default, p.step, ranges(p.gammas)].map(String),
      );
    }
  });

  it('lists the defaults of every cycle', () => {
    const cycles = new Set<string>(CYCLE_TYPES);
    // The defaults table has a column per field (the severity table also has a "medium" row).
    const documented = rows((cell) => cycles.has(cell)).filter((cells) => cells.length === CYCLE_FIELDS.length + 1);
    expect(documented.map((cells) => cells[0])).toEqual([...CYCLE_TYPES]);
    for (const cells of documented) {
      const expected = CYCLE_FIELDS.map((field) => String(parameterByKey(`${cells[0]}.${field}`)?.default ?? '–'));
      expect(cells.slice(1), cells[0]).toEqual(expected);
    }
  });
});
