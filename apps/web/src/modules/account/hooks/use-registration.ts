import { useMutation } from '@tanstack/react-query';
import type { TRegistrationRequest } from '@washboard/contracts';
import { checkVerificationCode, register, sendVerificationCode } from '../api/account-api';

/** Creates the account (wizard steps 2, 5, 8 and 9); the server then mails the verification code. */
export function useRegister() {
  return useMutation({ mutationFn: (request: TRegistrationRequest) => register(request) });
}

/** Checks the four-digit code mailed to `email`. */
export function useCheckVerificationCode(email: string) {
  return useMutation({ mutationFn: (code: string) => checkVerificationCode(email, code) });
}

/** Mails a new verification code to `email`. */
export function useSendVerificationCode(email: string) {
  return useMutation({ mutationFn: () => sendVerificationCode(email) });
}
