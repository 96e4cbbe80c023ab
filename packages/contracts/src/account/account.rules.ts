/** Password rule of §5: at least 8 characters with a lower-case letter, an upper-case letter and a digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
/** The optional strength helper's special characters (# ? ! @ $ % ^ & * -); not enforced. */
export const PASSWORD_SPECIAL_CHARACTERS = '#?!@$%^&*-';
/**
 * Something, `@`, then a domain with a dot after its first character and two characters after that
 * dot. Written so that no input makes it backtrack: the domain's first dot after its first character
 * is the only one tried (`[^\s@]+\.[^\s@]{2,}` tried every dot, so a long run of dots took time
 * growing with its square — a megabyte froze the server for minutes).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]{2,}$/;
export const VERIFICATION_CODE_LENGTH = 4;
export const COMPANY_CODE_LENGTH = 6;
/** How long an e-mailed verification code is valid, and how many wrong tries void it. */
export const VERIFICATION_CODE_TTL_MINUTES = 30;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** Access-token refresh period of the web app (spec §9). */
export const TOKEN_REFRESH_MS = 3_000_000;

export function isStrongPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Keeps the digits of pasted or typed input, at most `length` of them. */
export function digitsOnly(value: string, length: number): string {
  return value.replace(/\D/g, '').slice(0, length);
}

/**
 * The registration wizard's steps (spec §2). Numbering follows the navigation rules, which only hold
 * when step 3 is the kitchen manager's verification and step 4 the company question (see
 * docs/decisions.md).
 */
export const WIZARD_STEPS = {
  personalData: 1,
  profileChoice: 2,
  kitchenManagerVerification: 3,
  companyQuestion: 4,
  companyCode: 5,
  serviceVerification: 6,
  servicePartnerQuestion: 7,
  servicePartnerCode: 8,
  signupCode: 9,
  serviceManagerVerification: 10,
} as const;
export type TWizardStep = (typeof WIZARD_STEPS)[keyof typeof WIZARD_STEPS];

/** The back arrow: one step, except 3 back from steps 7 and 10 and 2 back from 4, 6 and 9. */
export function wizardBack(step: TWizardStep): TWizardStep {
  const jump = step === 7 || step === 10 ? 3 : step === 4 || step === 6 || step === 9 ? 2 : 1;
  return Math.max(1, step - jump) as TWizardStep;
}

/** The wizard's paths, by who registers: the steps each passes through, in order. */
const WIZARD_PATHS = {
  kitchenManager: [1, 2, 3],
  companyEmployee: [1, 2, 4, 5, 6],
  servicePartner: [1, 2, 4, 7, 8, 10],
  signupCode: [1, 2, 4, 7, 9, 10],
} as const satisfies Record<string, readonly TWizardStep[]>;

/**
 * "Step k of n" counted on the path the user is on, not over all ten steps: the profile chosen at
 * step 2 and the answers to the questions of steps 4 and 7 decide the path. Until a question is
 * answered the shorter path is assumed, so the total can grow by one, never shrink.
 */
export function wizardProgress(step: TWizardStep, profile: 'KITCHEN_MANAGER' | 'SERVICE'): { step: number; total: number } {
  const path =
    step === 8
      ? WIZARD_PATHS.servicePartner
      : step === 7 || step >= 9
        ? WIZARD_PATHS.signupCode
        : step >= 4 || profile === 'SERVICE'
          ? WIZARD_PATHS.companyEmployee
          : WIZARD_PATHS.kitchenManager;
  return { step: (path as readonly number[]).indexOf(step) + 1, total: path.length };
}

/**
 * Forward after the account was created: one step from the kitchen manager's profile choice (2 → 3)
 * and from the signup code (9 → 10), one from the company code (5 → 6), two from the service
 * partner code (8 → 10).
 */
export function wizardAfterAccountCreated(step: 2 | 5 | 8 | 9): TWizardStep {
  return (step === 8 ? 10 : step + 1) as TWizardStep;
}

/**
 * The name the record gives an account that has none. Names are kept as they were when written (a
 * review's signature covers its reviewer's) and are read in every language and by whoever holds an
 * inspector link, so the stand-in is language-neutral ("nomen nescio") and never the account's
 * e-mail address or id.
 */
export const UNNAMED_PERSON = 'N.N.';

/**
 * An account's name as records and lists show it: first and last name, else UNNAMED_PERSON (also for
 * an account that is gone). The one place that builds a person's name for what others read.
 */
export function personName(person: { firstName: string | null; lastName: string | null } | undefined): string {
  const parts = [person?.firstName, person?.lastName].map((part) => part?.trim() ?? '').filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : UNNAMED_PERSON;
}
