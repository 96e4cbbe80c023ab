import { describe, expect, it } from 'vitest';
import { parameterByKey, parametersFor, type TParameter } from '@washboard/contracts';
import { numbersOnly, pendingSave, readField, shownText } from './parameter-form';

function param(key: string): TParameter {
  const found = parameterByKey(key);
  if (!found) throw new Error(`no parameter ${key}`);
  return found;
}

describe('parameter fields', () => {
  it('shows raw tenths of °C as °C with the language’s separator, and as °F on an imperial machine', () => {
    expect(shownText(param('S2'), 845, 'metric', 'it')).toBe('84,5');
    expect(shownText(param('S2'), 850, 'metric', 'en')).toBe('85');
    expect(shownText(param('S2'), 850, 'imperial', 'en')).toBe('185');
    expect(shownText(param('S6'), 30, 'imperial', 'en')).toBe('5.4');
  });

  it('reads every shown value back to the same raw value, in both unit systems', () => {
    for (const system of ['metric', 'imperial'] as const) {
      for (const p of parametersFor('infinity')) {
        for (const raw of [p.min, p.default, p.max]) {
          const reading = readField(p, shownText(p, raw, system, 'it'), system, 'infinity');
          expect(reading, `${p.key} ${raw} ${system}`).toEqual({ ok: true, raw });
        }
      }
    }
  });

  it('refuses a value outside the bounds, a fraction of the machine’s resolution and text', () => {
    expect(readField(param('S2'), '86', 'metric', 'infinity')).toEqual({ ok: false, reason: 'notAllowed' });
    expect(readField(param('S2'), '59', 'metric', 'infinity')).toEqual({ ok: false, reason: 'notAllowed' });
    expect(readField(param('S2'), '80,55', 'metric', 'infinity')).toEqual({ ok: false, reason: 'notAllowed' });
    expect(readField(param('S2'), '80,5', 'metric', 'infinity')).toEqual({ ok: true, raw: 805 });
    expect(readField(param('S2'), 'abc', 'metric', 'infinity')).toEqual({ ok: false, reason: 'notANumber' });
    expect(readField(param('S2'), '', 'metric', 'infinity')).toEqual({ ok: false, reason: 'empty' });
    // °F is converted and rounded to the tenth of °C: 180 °F = 82.22 °C → 822.
    expect(readField(param('S2'), '180', 'imperial', 'infinity')).toEqual({ ok: true, raw: 822 });
    expect(readField(param('S2'), '190', 'imperial', 'infinity')).toEqual({ ok: false, reason: 'notAllowed' });
  });

  it('refuses a parameter the range does not have', () => {
    expect(readField(param('S25'), '60', 'metric', 'hiline')).toEqual({ ok: false, reason: 'notAllowed' });
  });

  it('keeps only what a number is made of', () => {
    expect(numbersOnly('8a5,5x')).toBe('85,5');
    expect(numbersOnly('1.2.3')).toBe('1.23');
    expect(numbersOnly('-4-2')).toBe('-42');
  });
});

describe('pendingSave', () => {
  const current = { S2: 800, S3: 500, S12: 700 };
  const params = [param('S2'), param('S3'), param('S12')];

  it('sends only the values that changed, raw', () => {
    const save = pendingSave(params, { S2: '82,5', S3: '50', S12: '70,0' }, current, 'metric', 'infinity', 'it');
    expect(save).toEqual({ values: { S2: 825 }, invalid: [] });
  });

  it('lists the fields that cannot be sent', () => {
    const save = pendingSave(params, { S2: '99', S3: '' }, current, 'metric', 'infinity', 'it');
    expect(save).toEqual({ values: {}, invalid: ['S2', 'S3'] });
  });
});
