import { useMutation } from '@tanstack/react-query';
import { changeOwnPassword, changePasswordWithToken, resetPassword } from '../api/account-api';

/** Login mode forgot: asks for the password-reset e-mail. */
export function useResetPassword() {
  return useMutation({ mutationFn: (email: string) => resetPassword(email) });
}

/** The change-password screen: the new password with the token of the e-mailed link. */
export function useChangePasswordWithToken(email: string, token: string) {
  return useMutation({ mutationFn: (newPassword: string) => changePasswordWithToken(email, token, newPassword) });
}

/** The profile screen's password change (the server checks the current one). */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: ({ current, password }: { current: string; password: string }) => changeOwnPassword(current, password),
  });
}
