import { isUserData } from '@washboard/contracts';
import { apiFetch } from '../api/api-client';
import { sessionStore } from './session-store';

type TTokenResponse = { access_token: string; refresh_token: string; id_token?: string; expires_in: number };

/** Password grant at the token endpoint, then the profile; false when either fails (invalid credentials). */
export async function signIn(email: string, password: string, rememberMe: boolean, clientId = 'washboard-web'): Promise<boolean> {
  try {
    const form = new URLSearchParams({
      grant_type: 'password',
      username: email,
      password,
      client_id: clientId,
      scope: `openid ${clientId} offline_access`,
      response_type: 'id_token token',
    });
    const tokens = await apiFetch<TTokenResponse>('/oauth2/token', {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const stored = {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      idToken: tokens.id_token,
      expiresAt: Date.now() + tokens.expires_in * 1000,
    };
    sessionStore.setTokens(stored);
    const profile = await apiFetch<unknown>('/api/v1/account/userinfo');
    if (!isUserData(profile)) throw new Error('userinfo without the session fields');
    sessionStore.signIn(profile, stored, rememberMe);
    return true;
  } catch {
    sessionStore.clear();
    return false;
  }
}
