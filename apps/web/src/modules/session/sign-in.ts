import {
  passwordGrantFields,
  WEB_CLIENT_ID,
  type TApiErrorCode,
  type TTokenResponse,
  type TUserData,
  type TUserProfile,
} from '@washboard/contracts';
import { ApiError, apiFetch } from '../api/api-client';
import { changeLanguage, takeSignedOutChoice } from '../i18n/i18n';
import { toUpdateRequest, updateUser } from '../account/api/account-api';
import { clearAccountData, sessionStore, type TTokens } from './session-store';

export const CLIENT_ID = WEB_CLIENT_ID;

/** Why a sign-in was refused: each has its own answer on the login screen (spec §4). */
export type TSignInResult =
  { ok: true; profile: TUserProfile } | { ok: false; reason: 'invalidCredentials' | 'inactive' | 'pendingApproval' };

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  body: new URLSearchParams(fields),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

function toTokens(answer: TTokenResponse): TTokens {
  return {
    accessToken: answer.access_token,
    idToken: answer.id_token,
    expiresAt: Date.now() + answer.expires_in * 1000,
  };
}

export function toUserData(profile: TUserProfile): TUserData {
  return {
    idpUserId: profile.idpUserId,
    email: profile.email,
    role: profile.role,
    administrationProfile: profile.administrationProfile,
  };
}

function refusal(code: TApiErrorCode | undefined): TSignInResult {
  if (code === 'ACCOUNT_INACTIVE') return { ok: false, reason: 'inactive' };
  if (code === 'ACCOUNT_PENDING_APPROVAL') return { ok: false, reason: 'pendingApproval' };
  return { ok: false, reason: 'invalidCredentials' };
}

/**
 * Password grant at the token endpoint (the refresh token comes back as an HttpOnly cookie, kept
 * across browser restarts only with remember-me), then the profile. An accepted profile's language
 * is applied and the user data kept; stale parameters of a previous account are cleared first. A
 * language chosen on the sign-in screen wins over the profile's, and is saved to it: the user just
 * said which language they read (a failed save keeps the choice for this session anyway).
 */
export async function signIn(email: string, password: string, rememberMe: boolean): Promise<TSignInResult> {
  try {
    const answer = await apiFetch<TTokenResponse>(
      '/oauth2/token',
      form({ ...passwordGrantFields(email, password, CLIENT_ID), remember_me: String(rememberMe) }),
    );
    const tokens = toTokens(answer);
    sessionStore.setTokens(tokens);
    let profile = await apiFetch<TUserProfile>('/api/v1/account/userinfo');
    if (profile.status !== 'ACTIVE') {
      sessionStore.clear();
      return refusal(
        profile.status === 'INACTIVE'
          ? 'ACCOUNT_INACTIVE'
          : profile.status === 'PENDING_APPROVAL'
            ? 'ACCOUNT_PENDING_APPROVAL'
            : undefined,
      );
    }
    clearAccountData();
    const chosen = takeSignedOutChoice();
    if (chosen && chosen !== profile.language) {
      profile = await updateUser({ ...toUpdateRequest(profile), language: chosen }).catch(() => ({
        ...profile,
        language: chosen,
      }));
    }
    await changeLanguage(profile.language);
    sessionStore.signIn(toUserData(profile), tokens, rememberMe);
    return { ok: true, profile };
  } catch (error) {
    sessionStore.clear();
    return refusal(error instanceof ApiError ? error.code : undefined);
  }
}

/**
 * Exchanges the refresh cookie for new tokens (the server rotates it, and keeps it as long-lived as
 * remember-me asked); false when that fails.
 */
export async function refreshTokens(): Promise<boolean> {
  try {
    const answer = await apiFetch<TTokenResponse>(
      '/oauth2/token',
      form({
        grant_type: 'refresh_token',
        client_id: CLIENT_ID,
        response_type: 'id_token',
        remember_me: String(sessionStore.rememberMe()),
      }),
    );
    sessionStore.setTokens(toTokens(answer));
    return true;
  } catch {
    return false;
  }
}

/**
 * Revokes the refresh token, then forgets everything but the e-mail, even when the revocation
 * failed (the caller then says "It was not possible to logout"). True when the revocation succeeded.
 */
export async function signOut(): Promise<boolean> {
  let revoked = true;
  try {
    // The cookie carries the refresh token; the answer clears it.
    await apiFetch('/oauth2/revoke', form({ client_id: CLIENT_ID }));
  } catch {
    revoked = false;
  }
  sessionStore.clear();
  return revoked;
}
