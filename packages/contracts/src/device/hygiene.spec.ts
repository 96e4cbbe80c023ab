import { describe, expect, it } from 'vitest';
import { HYGIENE_RULES, hygieneRuleFor, hygieneVerdict, type THygieneInput } from './hygiene';
import { toFahrenheit } from './units';

const undercounter = hygieneRuleFor('undercounter');
const conveyor = hygieneRuleFor('rack');

function cycle(washMaxTmp: number, rinseMaxTmp: number, extra: Partial<THygieneInput> = {}): THygieneInput {
  return {
    kind: 'cycle',
    cycleName: 'dishes',
    completed: true,
    measurements: { washMaxTmp, rinseMaxTmp },
    ...extra,
  };
}

describe('hygiene rules', () => {
  it('asks 60 °C wash and 82 °C (180 °F) final rinse of undercounter and hood machines', () => {
    expect(HYGIENE_RULES.undercounter).toMatchObject({ washMin: 600, rinseMin: 820 });
    expect(HYGIENE_RULES.hood).toBe(HYGIENE_RULES.undercounter);
    expect(Math.round(toFahrenheit(HYGIENE_RULES.undercounter.rinseMin))).toBe(180);
  });

  it('asks 150 °F wash of rack conveyors', () => {
    expect(conveyor).toMatchObject({ id: 'conveyor', rinseMin: 820 });
    expect(Math.round(toFahrenheit(conveyor.washMin))).toBe(150);
  });

  it('holds an unknown machine type to the programme-machine rule', () => {
    expect(hygieneRuleFor('spaceship')).toBe(undercounter);
  });
});

describe('hygieneVerdict', () => {
  it('passes a completed cycle that reached both minimums, judging the peaks', () => {
    const result = hygieneVerdict(cycle(612, 845), undercounter);
    expect(result).toEqual({ verdict: 'pass', washTmp: 612, rinseTmp: 845, failures: [] });
  });

  it('passes exactly at the minimums and fails a tenth below', () => {
    expect(hygieneVerdict(cycle(600, 820), undercounter).verdict).toBe('pass');
    expect(hygieneVerdict(cycle(599, 820), undercounter)).toMatchObject({ verdict: 'fail', failures: ['wash'] });
    expect(hygieneVerdict(cycle(600, 819), undercounter)).toMatchObject({ verdict: 'fail', failures: ['rinse'] });
  });

  it('lists every reason of a failure', () => {
    const result = hygieneVerdict(cycle(550, 790, { completed: false }), undercounter);
    expect(result.verdict).toBe('fail');
    expect(result.failures).toEqual(['wash', 'rinse', 'notCompleted']);
  });

  it('fails a cycle stopped before its end even at good temperatures', () => {
    expect(hygieneVerdict(cycle(640, 860, { completed: false }), undercounter).failures).toEqual(['notCompleted']);
  });

  it('judges with the rule of the machine type: 62 °C passes an undercounter, fails a conveyor', () => {
    expect(hygieneVerdict(cycle(620, 850), undercounter).verdict).toBe('pass');
    expect(hygieneVerdict(cycle(620, 850), conveyor)).toMatchObject({ verdict: 'fail', failures: ['wash'] });
  });

  it('does not judge parameter changes and maintenance cycles', () => {
    const parameter: THygieneInput = { kind: 'parameter', cycleName: null, completed: null, measurements: null };
    expect(hygieneVerdict(parameter, undercounter)).toEqual({
      verdict: 'notApplicable',
      washTmp: null,
      rinseTmp: null,
      failures: [],
    });
    for (const cycleName of ['selfWash', 'manualDrain', 'regeneration', 'extra']) {
      expect(hygieneVerdict(cycle(200, 300, { cycleName }), undercounter).verdict).toBe('notApplicable');
    }
  });

  it('answers noData for a washing cycle without measurements, and fail when it was also stopped', () => {
    expect(hygieneVerdict(cycle(0, 0, { measurements: null }), undercounter)).toMatchObject({
      verdict: 'noData',
      washTmp: null,
      rinseTmp: null,
    });
    expect(hygieneVerdict(cycle(0, 0, { measurements: { washMaxTmp: 610 } }), undercounter).verdict).toBe('noData');
    // A peak read as null (the weekly report reads the two peaks alone) is not measured either.
    expect(hygieneVerdict(cycle(0, 0, { measurements: { washMaxTmp: null, rinseMaxTmp: 850 } }), undercounter).verdict).toBe(
      'noData',
    );
    expect(hygieneVerdict(cycle(0, 0, { measurements: null, completed: false }), undercounter)).toMatchObject({
      verdict: 'fail',
      failures: ['notCompleted'],
    });
  });
});
