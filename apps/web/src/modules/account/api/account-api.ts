import type { TCodeResponse, TPendingUser, TRegistrationRequest, TUpdateUserRequest, TUserProfile } from '@washboard/contracts';
import { apiFetch } from '../../api/api-client';

/** The account calls of spec §7; every answer's `{code: '200'}` is checked here, once. */

function expectCode200(answer: TCodeResponse | undefined): void {
  if (answer?.code !== '200') throw new Error('unexpected answer');
}

const json = (body: unknown): RequestInit => ({
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

export function fetchUserInfo(): Promise<TUserProfile> {
  return apiFetch<TUserProfile>('/api/v1/account/userinfo');
}

/** Creates the account; the server then mails a four-digit verification code. */
export async function register(request: TRegistrationRequest): Promise<void> {
  expectCode200(await apiFetch<TCodeResponse>('/api/v2/account/users', { method: 'POST', ...json(request) }));
}

export async function checkVerificationCode(mail: string, code: string): Promise<void> {
  const query = new URLSearchParams({ mail, code });
  expectCode200(await apiFetch<TCodeResponse>(`/api/v2/account/email-verification/checkVerificationCode?${query}`));
}

export async function sendVerificationCode(mail: string): Promise<void> {
  const query = new URLSearchParams({ mail });
  expectCode200(await apiFetch<TCodeResponse>(`/api/v2/account/email-verification/sendVerificationCode?${query}`));
}

/** Asks for the password-reset e-mail. */
export async function resetPassword(email: string): Promise<void> {
  expectCode200(await apiFetch<TCodeResponse>(`/api/v2/account/resetPassword/${encodeURIComponent(email)}`, { method: 'POST' }));
}

/** Sets a new password with the token of the e-mailed link. */
export async function changePasswordWithToken(email: string, token: string, newPassword: string): Promise<void> {
  expectCode200(
    await apiFetch<TCodeResponse>(`/api/v2/account/changePassword/${encodeURIComponent(email)}`, {
      method: 'POST',
      headers: { verificationcode: token, newpassword: newPassword },
    }),
  );
}

export function updateUser(request: TUpdateUserRequest): Promise<TUserProfile> {
  return apiFetch<TUserProfile>('/api/v1/account/updateUser', { method: 'POST', ...json(request) });
}

/** The signed-in user's own password change (the current one is checked by the server). */
export async function changeOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
  expectCode200(
    await apiFetch<TCodeResponse>('/api/v1/account/users/password', {
      method: 'PATCH',
      ...json({ currentPassword, newPassword }),
    }),
  );
}

export function fetchPendingUsers(): Promise<TPendingUser[]> {
  return apiFetch<TPendingUser[]>('/api/v1/account/pendingUsers');
}

export type TServiceRole = 'SERVICE' | 'SERVICE_MANAGER';

/** Accepts (with the role to assign) or rejects a pending user. */
export async function activateService(
  pendingUserId: string,
  decision: { accepted: true; role: TServiceRole } | { accepted: false },
): Promise<void> {
  const query = new URLSearchParams({ pendingUserId, accepted: String(decision.accepted) });
  if (decision.accepted) query.set('role', decision.role);
  expectCode200(await apiFetch<TCodeResponse>(`/api/v1/account/activateService?${query}`));
}

/** The profile's editable fields, as updateUser expects them. */
export function toUpdateRequest(profile: TUserProfile): TUpdateUserRequest {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    address: profile.address,
    houseNumber: profile.houseNumber,
    city: profile.city,
    postalCode: profile.postalCode,
    country: profile.country,
    timeZone: profile.timeZone,
    phone: profile.phone,
    mobile: profile.mobile,
    weeklyReport: profile.weeklyReport,
    thresholdNotifications: profile.thresholdNotifications,
    alarmNotifications: profile.alarmNotifications,
    language: profile.language,
  };
}
