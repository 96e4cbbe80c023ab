import type { Page } from 'playwright-core';
import { catalogues, type TLanguage, type TUserData } from '@washboard/contracts';

/**
 * The signed-in layout. Until sign-in exists end to end, tests put an identity in the browser's
 * storage the way the app stores it after signing in.
 */
export class AppShell {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang];
  }

  static async withIdentity(page: Page, user: Partial<TUserData> = {}): Promise<void> {
    const userData: TUserData = {
      idpUserId: 'e2e-user',
      email: 'manager@washboard.test',
      role: 'KITCHEN_MANAGER',
      administrationProfile: [],
      ...user,
    };
    await page.addInitScript((data) => {
      localStorage.setItem('wb.userData', data);
      localStorage.setItem('wb.rememberMe', 'true');
    }, JSON.stringify(userData));
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
}
