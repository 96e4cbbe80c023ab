import { describe, expect, it } from 'vitest';
import { chemicalsUsed } from './weekly-report-figures';

// The catalogue's dishes programme: 3.0 l of rinse water, detergent 2.0 g/l, rinse aid 200 mg/l;
// the products weigh 1,200 g/l (detergent, d1) and 1,020 g/l (rinse aid, d2).
describe('chemicalsUsed', () => {
  it('estimates 100 dishes cycles from the catalogue settings: 600 g of detergent, 60 g of rinse aid', () => {
    const used = chemicalsUsed({ dishes: [100, 0, 0] }, null, 'infinity');
    expect(used?.detergent).toBeCloseTo(600 / 1200, 10);
    expect(used?.rinseAid).toBeCloseTo(60 / 1020, 10);
  });

  it('takes the rinse water a cycle measured over its setting', () => {
    // Ten cycles measured 2.5 l each (25 tenths), two did not measure (3.0 l each): 31 l.
    const used = chemicalsUsed({ dishes: [12, 10, 250] }, null, 'infinity');
    expect(used?.detergent).toBeCloseTo((31 * 2) / 1200, 10);
    expect(used?.rinseAid).toBeCloseTo((31 * 0.2) / 1020, 10);
  });

  it("follows the machine's own dosage and density over the catalogue's", () => {
    const dosing = { 'dishes.detergentDosage': 40, 'dishes.rinseVolume': 20, 'dishes.rinseAidDosage': 100, d1: 1000, d2: 1000 };
    const used = chemicalsUsed({ dishes: [100, 0, 0] }, dosing, 'infinity');
    expect(used?.detergent).toBeCloseTo((200 * 4) / 1000, 10);
    expect(used?.rinseAid).toBeCloseTo((200 * 0.1) / 1000, 10);
  });

  it('adds each cycle type with its own settings and nothing for the self-wash (no dosing)', () => {
    const used = chemicalsUsed({ dishes: [10, 0, 0], intensive: [10, 0, 0], selfWash: [5, 0, 0] }, null, 'infinity');
    // dishes 30 l × 2.0 g/l; intensive 35 l × 3.0 g/l.
    expect(used?.detergent).toBeCloseTo((30 * 2 + 35 * 3) / 1200, 10);
  });

  it('is zero for a week without cycles and unknown for a range without rinse volume or densities', () => {
    expect(chemicalsUsed({}, null, 'infinity')).toEqual({ detergent: 0, rinseAid: 0 });
    expect(chemicalsUsed(null, null, 'infinity')).toEqual({ detergent: 0, rinseAid: 0 });
    expect(chemicalsUsed({ dishes: [10, 0, 0] }, null, 'hiline')).toBeNull();
  });
});
