import { describe, expect, it } from 'vitest';
import { ALARM_CODES, ALARM_SEVERITIES, ALARM_SOLUTIONS, ALARMS } from '../../device/alarms';
import { CYCLE_FIELDS, PARAMETER_GROUPS, PARAMETERS } from '../../device/parameters';
import { itChecksCatalogues, type TSameAsEnglishAllowList } from '../catalogue-checks';
import { SUPPORTED_LANGUAGES } from '../languages';
import { DEVICE_NAMESPACE, deviceCatalogues } from './index';

/** Texts that are rightly the same as English: endonyms, unit names and words spelt alike. */
const SAME_AS_ENGLISH_ALLOWED: TSameAsEnglishAllowList = {
  'parameterOptions.S49.': ['it', 'fr', 'de', 'es'],
  'units.cycles': ['fr'],
};

const en = deviceCatalogues.en;
const sorted = (values: Iterable<string>): string[] => [...values].sort();

describe('device texts', () => {
  it(`are the "${DEVICE_NAMESPACE}" namespace in every supported language`, () => {
    expect(DEVICE_NAMESPACE).toBe('device');
    expect(sorted(Object.keys(deviceCatalogues))).toEqual(sorted(SUPPORTED_LANGUAGES));
  });

  itChecksCatalogues(deviceCatalogues, SAME_AS_ENGLISH_ALLOWED);

  it('describe exactly the alarms of the catalogue', () => {
    expect(sorted(Object.keys(en.alarms))).toEqual(sorted(ALARM_CODES));
  });

  it('have exactly the solutions of the catalogue, and every solution is used by an alarm', () => {
    expect(sorted(Object.keys(en.solutions))).toEqual(sorted(ALARM_SOLUTIONS));
    const used = new Set(ALARMS.flatMap((a) => a.solutions));
    expect(ALARM_SOLUTIONS.filter((s) => !used.has(s))).toEqual([]);
  });

  it('name every severity, parameter group and cycle field, and the cycles, and nothing else', () => {
    expect(sorted(Object.keys(en.severities))).toEqual(sorted(ALARM_SEVERITIES));
    expect(sorted(Object.keys(en.parameterGroups))).toEqual(sorted(PARAMETER_GROUPS));
    expect(sorted(Object.keys(en.cycleFields))).toEqual(sorted(CYCLE_FIELDS));
    expect(Object.keys(en.units)).toEqual(['cycles']);
  });

  it('label every coded parameter, and label the options of every enumeration', () => {
    const coded = PARAMETERS.flatMap((p) => (p.code ? [p] : []));
    expect(sorted(Object.keys(en.parameters))).toEqual(sorted(coded.map((p) => p.code)));
    const enums = coded.filter((p) => p.unit === 'enum');
    expect(sorted(Object.keys(en.parameterOptions))).toEqual(sorted(enums.map((p) => p.code)));
    const options: Readonly<Record<string, Readonly<Record<string, string>>>> = en.parameterOptions;
    for (const p of enums) {
      expect(sorted(Object.keys(options[p.code] ?? {})), p.code).toEqual(sorted(Object.keys(p.options ?? {})));
    }
  });

  it.each(SUPPORTED_LANGUAGES)('%s: keeps the figures and codes the spec gives', (lang) => {
    const texts = deviceCatalogues[lang];
    expect(texts.alarms.OH01).toMatch(/105 °C \(221 °F\)/);
    expect(texts.alarms.OH02).toMatch(/105 °C \(221 °F\)/);
    expect(texts.alarms.A2).toMatch(/102 °C \(215 °F\)/);
    expect(texts.solutions.waitCoolDown).toMatch(/102 °C \(215 °F\)/);
    expect(texts.solutions.disableFlowmeter).toMatch(/FM1 .*0.* S25/);
  });

  it('hold the spec wording in English', () => {
    expect(en.alarms.OH01).toBe('Boiler over-temperature: the boiler is above 105 °C (221 °F)');
    expect(en.alarms.T16).toMatch(/^Pause timeout/);
    expect(en.solutions.disableFlowmeter).toBe('Set FM1 to 0 and S25 to the estimated rinse flow');
    expect(en.solutions.waitCoolDown).toBe('Wait until the temperature falls below 102 °C (215 °F)');
    expect(en.alarms.W07).toMatch(/^Flow meter fault/);
    expect(en.alarms.A1).toBe('Cycle not completed');
    expect(en.alarms.H2).toBe('Lack of water');
    expect(en.alarms.F1).toBe('Door open');
  });
});
