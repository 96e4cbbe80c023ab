import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { catalogues, passwordGrantFields, type TLanguage, type TUserData } from '@washboard/contracts';
import { ADMIN } from '../fixtures/global-setup';

/**
 * The signed-in layout. Tests that are about the layout, not about signing in, put an identity in
 * the browser's storage the way the app stores it after signing in (accounts.spec.ts signs in
 * through the screens).
 */
export class AppShell {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang];
  }

  /**
   * Stores `user` as the signed-in identity, with real tokens (of the seeded admin: the start-up
   * token refresh signs out a session without them). Set once per tab, so reloads keep the rotated
   * refresh token.
   */
  static async withIdentity(page: Page, user: Partial<TUserData> = {}): Promise<void> {
    const userData: TUserData = {
      idpUserId: 'e2e-user',
      email: 'manager@washboard.test',
      role: 'KITCHEN_MANAGER',
      administrationProfile: [],
      ...user,
    };
    const tokens = await adminTokens(inject('baseUrl'));
    await page.addInitScript(
      ({ data, stored }) => {
        if (sessionStorage.getItem('e2e.identity')) return;
        sessionStorage.setItem('e2e.identity', '1');
        localStorage.setItem('wb.userData', data);
        localStorage.setItem('wb.tokens', stored);
        localStorage.setItem('wb.rememberMe', 'true');
      },
      { data: JSON.stringify(userData), stored: JSON.stringify(tokens) },
    );
  }

  menuButton() {
    return this.page.getByRole('button', { name: this.text.layout.toggleMenu });
  }

  menuEntry(key: keyof (typeof catalogues)['en']['layout']['menu']) {
    return this.page.getByRole('button', { name: this.text.layout.menu[key], exact: true });
  }

  footer() {
    return this.page.getByTestId('footer-copyright');
  }

  colorSchemeToggle() {
    return this.page.getByRole('button', { name: this.text.layout.colorScheme.toggle });
  }

  async colorScheme(): Promise<string | null> {
    return this.page.locator('html').getAttribute('data-mantine-color-scheme');
  }

  languagePicker() {
    return this.page.getByRole('banner').getByRole('combobox', { name: this.text.common.language });
  }

  /** Logs out through the menu and its confirmation. */
  async logout(): Promise<void> {
    await this.menuButton().click();
    await this.menuEntry('logout').click();
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: this.text.layout.logoutConfirm.confirm, exact: true })
      .click();
    await this.page.waitForURL(/\/login$/);
  }
}

async function adminTokens(baseUrl: string) {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as { defaultBrand: string };
  const res = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'x-brand': config.defaultBrand, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(passwordGrantFields(ADMIN.email, ADMIN.password)),
  });
  if (!res.ok) throw new Error(`admin sign-in failed: ${res.status}`);
  const answer = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: Date.now() + answer.expires_in * 1000,
  };
}
