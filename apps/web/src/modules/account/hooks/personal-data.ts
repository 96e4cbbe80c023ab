import { isEmail, isStrongPassword, NAME_MIN_LENGTH } from '@washboard/contracts';

/** What step 1 of the registration wizard collects. */
export type TPersonalData = {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  confirmEmail: string;
  password: string;
  confirmPassword: string;
  tncCheck1: boolean;
  tncCheck2: boolean;
  privacyCheck1: boolean;
  privacyCheck2: boolean;
};

export const EMPTY_PERSONAL_DATA: TPersonalData = {
  firstName: '',
  lastName: '',
  companyName: '',
  email: '',
  confirmEmail: '',
  password: '',
  confirmPassword: '',
  tncCheck1: false,
  tncCheck2: false,
  privacyCheck1: false,
  privacyCheck2: false,
};

/** A failed check of §5, as a catalogue key (with its count for the minimum length). */
export type TProblem =
  | 'validation.mandatory'
  | 'validation.minChars'
  | 'validation.wrongEmail'
  | 'validation.emailMismatch'
  | 'validation.passwordRule'
  | 'validation.passwordMismatch'
  | 'validation.acceptConditions'
  | 'validation.acceptPrivacy';

export type TPersonalProblems = Partial<Record<keyof TPersonalData, TProblem>>;

function name(value: string): TProblem | undefined {
  if (value.trim() === '') return 'validation.mandatory';
  return value.trim().length < NAME_MIN_LENGTH ? 'validation.minChars' : undefined;
}

/** Step 1's rules (spec §5); Next stays disabled while this returns anything. */
export function personalDataProblems(d: TPersonalData): TPersonalProblems {
  const problems: TPersonalProblems = {
    firstName: name(d.firstName),
    lastName: name(d.lastName),
    email: d.email.trim() === '' ? 'validation.mandatory' : isEmail(d.email.trim()) ? undefined : 'validation.wrongEmail',
    confirmEmail:
      d.confirmEmail.trim() === ''
        ? 'validation.mandatory'
        : d.confirmEmail.trim() !== d.email.trim()
          ? 'validation.emailMismatch'
          : undefined,
    password: d.password === '' ? 'validation.mandatory' : isStrongPassword(d.password) ? undefined : 'validation.passwordRule',
    confirmPassword:
      d.confirmPassword === ''
        ? 'validation.mandatory'
        : d.confirmPassword !== d.password
          ? 'validation.passwordMismatch'
          : undefined,
    tncCheck1: d.tncCheck1 ? undefined : 'validation.acceptConditions',
    tncCheck2: d.tncCheck2 ? undefined : 'validation.acceptConditions',
    privacyCheck1: d.privacyCheck1 ? undefined : 'validation.acceptPrivacy',
  };
  return Object.fromEntries(Object.entries(problems).filter(([, p]) => p !== undefined)) as TPersonalProblems;
}
