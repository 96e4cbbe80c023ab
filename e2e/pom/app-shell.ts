import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  brandForHost,
  catalogues,
  passwordGrantFields,
  type TAdminProfile,
  type TLanguage,
  type TRole,
  type TRuntimeConfig,
  type TUserData,
} from '@washboard/contracts';
import { Api } from '../fixtures/api';
import { ADMIN } from '../fixtures/global-setup';

/**
 * The signed-in layout. Tests that are about the layout, not about signing in, put an identity in
 * the browser's storage the way the app stores it after signing in (accounts.spec.ts signs in
 * through the screens).
 */
type TMenuKey = Exclude<keyof (typeof catalogues)['en']['layout']['menu'], `waiting_${string}`>;

export class AppShell {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang];
  }

  /**
   * Signs the tab's browser in as a real account of `user.role` (made through the API the first
   * time): the refresh cookie lands in the tab's cookie jar and remember-me is set, so the app
   * resumes the session on load exactly as after a sign-in (accounts.spec.ts signs in through the
   * screens).
   */
  static async withIdentity(
    page: Page,
    user: Partial<Pick<TUserData, 'email' | 'role' | 'administrationProfile'>> = {},
  ): Promise<void> {
    const role = user.role ?? 'KITCHEN_MANAGER';
    const email = user.email ?? (role === 'ADMIN' ? ADMIN.email : `${role.toLowerCase().replace('_', '-')}@washboard.test`);
    const password = role === 'ADMIN' && email === ADMIN.email ? ADMIN.password : IDENTITY_PASSWORD;
    const baseUrl = inject('baseUrl');
    if (email !== ADMIN.email) await ensureAccount(baseUrl, email, role, user.administrationProfile);
    const brand = await brandOf(baseUrl);
    const res = await page.context().request.post(`${baseUrl}/oauth2/token`, {
      headers: { 'x-brand': brand },
      form: { ...passwordGrantFields(email, password), remember_me: 'true' },
    });
    if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()} ${await res.text()}`);
    await page.addInitScript(() => localStorage.setItem('wb.rememberMe', 'true'));
  }

  menuButton() {
    return this.page.getByRole('button', { name: this.text.layout.toggleMenu });
  }

  /** A menu entry by its name; an entry with a count is named "Authorizations, 2 waiting". */
  menuEntry(key: TMenuKey) {
    const label = this.text.layout.menu[key].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page.getByRole('button', { name: new RegExp(`^${label}(, .+)?$`) });
  }

  /** The count beside a menu entry (users waiting on Authorizations), absent when zero. */
  menuCount(key: TMenuKey) {
    return this.page.getByTestId(`menu-count-${key}`);
  }

  footer() {
    return this.page.getByTestId('footer-copyright');
  }

  /** The notification centre's bell; its name says how many are unread. */
  notificationBell() {
    return this.page.getByRole('button', { name: new RegExp(`^${this.text.notifications.title}(,|$)`) });
  }

  /** The open notification centre. */
  notificationCentre() {
    return this.page.getByRole('dialog', { name: this.text.notifications.title });
  }

  /** Opens the centre; `timeout` for a page that may still be busy with its first load. */
  async openNotifications(timeout?: number) {
    await this.notificationBell().click({ timeout });
    await this.notificationCentre().waitFor({ timeout });
    return this.notificationCentre();
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

/** The password of every account withIdentity makes (specs sign in with it to call the API as that account). */
export const IDENTITY_PASSWORD = 'Identity-Passw0rd';

async function brandOf(baseUrl: string): Promise<string> {
  const config = (await (await fetch(`${baseUrl}/config.json`)).json()) as TRuntimeConfig;
  return brandForHost(new URL(baseUrl).hostname, config.brandHosts, config.defaultBrand);
}

/**
 * An ACTIVE account with `role` (and, for a service role, a company), made once per server; with
 * `profiles`, holding exactly those administration profiles.
 */
async function ensureAccount(baseUrl: string, email: string, role: TRole, profiles?: TAdminProfile[]): Promise<void> {
  const admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  await admin.activeAccount(email, IDENTITY_PASSWORD, role);
  if (profiles) await admin.setAdministrationProfile(email, profiles);
}
