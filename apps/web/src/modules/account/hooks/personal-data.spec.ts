import { describe, expect, it } from 'vitest';
import { EMPTY_PERSONAL_DATA, personalDataProblems, type TPersonalData } from './personal-data';

const filled: TPersonalData = {
  firstName: 'Anna',
  lastName: 'Rossi',
  companyName: '',
  email: 'anna@example.com',
  confirmEmail: 'anna@example.com',
  password: 'Passw0rd',
  confirmPassword: 'Passw0rd',
  tncCheck1: true,
  tncCheck2: true,
  privacyCheck1: true,
  privacyCheck2: false,
};

describe('step 1 of the registration wizard', () => {
  it('lets a complete form through, the marketing consent left unticked', () => {
    expect(personalDataProblems(filled)).toEqual({});
  });

  it('names every mandatory field of an empty form and each required consent', () => {
    expect(personalDataProblems(EMPTY_PERSONAL_DATA)).toEqual({
      firstName: 'validation.mandatory',
      lastName: 'validation.mandatory',
      email: 'validation.mandatory',
      confirmEmail: 'validation.mandatory',
      password: 'validation.mandatory',
      confirmPassword: 'validation.mandatory',
      tncCheck1: 'validation.acceptConditions',
      tncCheck2: 'validation.acceptConditions',
      privacyCheck1: 'validation.acceptPrivacy',
    });
  });

  it('asks for two characters in a name, a well-formed address typed twice alike, and the password rule typed twice alike', () => {
    expect(
      personalDataProblems({
        ...filled,
        firstName: 'A',
        lastName: ' B ',
        email: 'anna@example',
        confirmEmail: 'anna@example.it',
        password: 'password1',
        confirmPassword: 'Password1',
      }),
    ).toEqual({
      firstName: 'validation.minChars',
      lastName: 'validation.minChars',
      email: 'validation.wrongEmail',
      confirmEmail: 'validation.emailMismatch',
      password: 'validation.passwordRule',
      confirmPassword: 'validation.passwordMismatch',
    });
  });

  it('compares the addresses without the spaces around them', () => {
    expect(personalDataProblems({ ...filled, email: ' anna@example.com', confirmEmail: 'anna@example.com ' })).toEqual({});
  });
});
