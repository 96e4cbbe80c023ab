import { describe, expect, it } from 'vitest';
import {
  isEmail,
  isStrongPassword,
  personName,
  UNNAMED_PERSON,
  wizardAfterAccountCreated,
  wizardBack,
  wizardProgress,
  type TWizardStep,
} from './account.rules';

/** Walks the wizard forward as a user on `path` would and reads the counter at each step. */
function counters(path: TWizardStep[], profile: 'KITCHEN_MANAGER' | 'SERVICE'): string[] {
  return path.map((step) => {
    const { step: k, total } = wizardProgress(step, step <= 1 ? 'KITCHEN_MANAGER' : profile);
    return `${k}/${total}`;
  });
}

describe('the registration wizard counter', () => {
  it('counts a kitchen manager through three steps', () => {
    expect(counters([1, 2, 3], 'KITCHEN_MANAGER')).toEqual(['1/3', '2/3', '3/3']);
  });

  it('counts an employee of a registered company through five', () => {
    expect(counters([1, 2, 4, 5, 6], 'SERVICE')).toEqual(['1/3', '2/5', '3/5', '4/5', '5/5']);
  });

  it('counts both service manager paths through six, the total growing once the answer is no', () => {
    expect(counters([1, 2, 4, 7, 8, 10], 'SERVICE')).toEqual(['1/3', '2/5', '3/5', '4/6', '5/6', '6/6']);
    expect(counters([1, 2, 4, 7, 9, 10], 'SERVICE')).toEqual(['1/3', '2/5', '3/5', '4/6', '5/6', '6/6']);
  });

  it('agrees with the back arrow and the forward jumps: each path is walkable', () => {
    // Every step but the first goes back to the step before it on its path.
    for (const [path, profile] of [
      [[1, 2, 3], 'KITCHEN_MANAGER'],
      [[1, 2, 4, 5, 6], 'SERVICE'],
      [[1, 2, 4, 7, 8, 10], 'SERVICE'],
      [[1, 2, 4, 7, 9, 10], 'SERVICE'],
    ] as const) {
      for (let i = 1; i < path.length; i += 1) {
        const step = path[i] as TWizardStep;
        expect(wizardProgress(step, profile).step).toBe(i + 1);
        if (step !== 3 && step !== 6 && step !== 10) expect(wizardBack(step)).toBe(path[i - 1]);
      }
    }
    expect(wizardAfterAccountCreated(8)).toBe(10);
    expect(wizardAfterAccountCreated(9)).toBe(10);
  });
});

describe("a person's name as others read it", () => {
  it('is the first and last name, trimmed', () => {
    expect(personName({ firstName: ' Olga ', lastName: 'Ferri' })).toBe('Olga Ferri');
    expect(personName({ firstName: 'Olga', lastName: '  ' })).toBe('Olga');
    expect(personName({ firstName: null, lastName: 'Ferri' })).toBe('Ferri');
  });

  it('is the language-neutral stand-in for an account without a name, or gone', () => {
    expect(personName({ firstName: ' ', lastName: '' })).toBe(UNNAMED_PERSON);
    expect(personName({ firstName: null, lastName: null })).toBe(UNNAMED_PERSON);
    expect(personName(undefined)).toBe(UNNAMED_PERSON);
  });
});

describe('the password rule', () => {
  it('asks for eight characters with a lower-case letter, an upper-case letter and a digit', () => {
    expect(isStrongPassword('Passw0rd')).toBe(true);
    expect(isStrongPassword('Passw0r')).toBe(false);
    expect(isStrongPassword('passw0rd')).toBe(false);
    expect(isStrongPassword('PASSW0RD')).toBe(false);
    expect(isStrongPassword('Password')).toBe(false);
  });
});

describe('an e-mail address', () => {
  it('is what it was before the pattern stopped backtracking: every string of up to 7 of a@. x', () => {
    // The pattern as it was (its time grew with the square of a run of dots), as the reference.
    const before = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
    const letters = ['a', '@', '.', ' ', 'x'];
    let strings = [''];
    for (let length = 1; length <= 7; length += 1) {
      strings = strings.flatMap((s) => letters.map((c) => s + c));
      expect(strings.filter((s) => isEmail(s) !== before.test(s))).toEqual([]);
    }
    expect(['ann@kitchen.it', 'a@b.co.uk', 'a@..cd', 'a@b..cd'].every(isEmail)).toBe(true);
    expect(['a@b.c', 'a@.cd', '@b.cd', 'a b@c.de', 'a@b@c.de'].some(isEmail)).toBe(false);
  });
});
