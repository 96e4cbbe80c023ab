/** Client ids at the token endpoint (DESIGN.md §3): the web dashboard and the mobile companion. */
export const WEB_CLIENT_ID = 'washboard-web';
export const MOBILE_CLIENT_ID = 'washboard-mobile';
/**
 * The refresh-token cookie of browser clients: HttpOnly, SameSite=Strict, scoped to the token
 * endpoint, so no script of the page ever reads the token (docs/accounts.md, "Tokens").
 */
export const REFRESH_COOKIE = 'wb_refresh';
export const REFRESH_COOKIE_PATH = '/oauth2';
/** Clients running in a browser: their refresh token travels in the cookie, never in a body. */
export const BROWSER_CLIENT_IDS: readonly string[] = [WEB_CLIENT_ID];

/** The form fields of a password grant, as spec §7 has the clients send them. */
export function passwordGrantFields(
  username: string,
  password: string,
  clientId: string = WEB_CLIENT_ID,
): Record<string, string> {
  return {
    grant_type: 'password',
    username,
    password,
    client_id: clientId,
    scope: `openid ${clientId} offline_access`,
    response_type: 'id_token token',
  };
}
