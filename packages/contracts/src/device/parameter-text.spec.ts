import { describe, expect, it } from 'vitest';
import { catalogues, deviceCatalogues, type TLanguage } from '../index';
import { parameterValueText, type TParameterTextSources } from './parameter-text';
import { parameterByKey, type TParameter } from './parameters';

type TTree = { readonly [key: string]: string | TTree };
const lookup = (tree: TTree, key: string): string | undefined => {
  let node: string | TTree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};
/** The sources as a caller builds them: the language's catalogues, numbers with a comma in Italian. */
const sources = (lang: TLanguage): TParameterTextSources => ({
  text: (key) => lookup(catalogues[lang] as unknown as TTree, key) ?? key,
  deviceText: (key) => lookup(deviceCatalogues[lang] as unknown as TTree, key),
  number: (value, digits) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits, useGrouping: false }).format(value),
});
const param = (key: string): TParameter => {
  const found = parameterByKey(key);
  if (!found) throw new Error(key);
  return found;
};

describe('parameterValueText', () => {
  it('writes a temperature in the unit system, with its symbol and the language’s decimals', () => {
    expect(parameterValueText(param('S2'), 825, 'metric', 'infinity', sources('en'))).toBe('82.5 °C');
    expect(parameterValueText(param('S2'), 825, 'metric', 'infinity', sources('it'))).toBe('82,5 °C');
    expect(parameterValueText(param('S2'), 820, 'imperial', 'infinity', sources('en'))).toBe('179.6 °F');
  });

  it('writes on/off in the words of the parameter', () => {
    const en = sources('en');
    expect(parameterValueText(param('S36'), 1, 'metric', 'infinity', en)).toBe('Present');
    expect(parameterValueText(param('S36'), 0, 'metric', 'infinity', en)).toBe('Absent');
    expect(parameterValueText(param('S30'), 0, 'metric', 'infinity', en)).toBe('Inhibited');
    expect(parameterValueText(param('S50'), 1, 'metric', 'infinity', en)).toBe('Enabled');
    expect(parameterValueText(param('S36'), 1, 'metric', 'infinity', sources('de'))).toBe(catalogues.de.toggles.present);
  });

  it('names an option, and writes an option without a name as its number and unit', () => {
    expect(parameterValueText(param('S40'), 1, 'metric', 'infinity', sources('en'))).toBe('Hot water');
    expect(parameterValueText(param('S40'), 0, 'metric', 'infinity', sources('fr'))).toBe(
      deviceCatalogues.fr.parameterOptions.S40.cold,
    );
    expect(parameterValueText(param('S35'), 60, 'metric', 'infinity', sources('en'))).toBe('60 Hz');
  });

  it('names the unit system as the range offers it: °C or °F on Hiline', () => {
    expect(parameterValueText(param('S47'), 1, 'metric', 'infinity', sources('en'))).toBe(catalogues.en.units.imperial);
    expect(parameterValueText(param('S47'), 1, 'metric', 'hiline', sources('en'))).toBe(catalogues.en.units.fahrenheit);
  });
});
