import { describe, expect, it } from 'vitest';
import { translate } from './translate';

describe('translate', () => {
  it('picks the plural form a count asks for, by the rules of the language', () => {
    expect(translate('en', 'haccp.pdf.moreCorrections', { count: 1 })).toMatch(/^… and 1 more correction:/);
    expect(translate('en', 'haccp.pdf.moreCorrections', { count: 2 })).toMatch(/^… and 2 more corrections:/);
    // French counts 0 as singular, English does not.
    expect(translate('fr', 'haccp.verification.late', { count: 0 })).toBe(
      translate('fr', 'haccp.verification.late', { count: 1 }).replace('1', '0'),
    );
    // An exact million is "many" in French: the other plural stands for it.
    expect(translate('fr', 'haccp.verification.late', { count: 1_000_000 })).toMatch(/^1\s000\s000 enregistrements sont/);
    expect(translate('en', 'haccp.verification.late', { count: 0 })).toBe(
      translate('en', 'haccp.verification.late', { count: 2 }).replace('2', '0'),
    );
  });

  it('uses the plain text where the catalogue has no plural forms, as it reads', () => {
    expect(translate('de', 'haccp.pdf.alarmsSummary', { count: 1 })).toBe('Alarme: 1');
  });
});

describe('translate numbers', () => {
  it('writes a `{{name, number}}` in the digits and grouping of the language', () => {
    expect(translate('de', 'mail.weeklyReport.cycles', { count: 1218 })).toBe('Gelaufene Zyklen: 1.218');
    expect(translate('en', 'mail.weeklyReport.cycles', { count: 1218 })).toBe('Cycles run: 1,218');
    expect(translate('fr', 'mail.weeklyReport.cycles', { count: 1218 })).toMatch(/ 1\u202f218$/);
  });
});
