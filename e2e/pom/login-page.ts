import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** The sign-in screen. */
export class LoginPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  private get text() {
    return catalogues[this.lang].login.signin;
  }

  async goto(baseUrl: string, query = ''): Promise<void> {
    await this.page.goto(`${baseUrl}/login${query}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: this.text.title });
  }

  email() {
    return this.page.getByLabel(this.text.email, { exact: true });
  }

  password() {
    return this.page.getByLabel(this.text.password, { exact: true });
  }

  submit() {
    return this.page.getByRole('button', { name: this.text.submit, exact: true });
  }

  /** Picks a language from the language changer; the page object then expects its texts. */
  async chooseLanguage(lang: TLanguage): Promise<LoginPage> {
    await this.page.getByRole('combobox', { name: catalogues[this.lang].common.language }).selectOption(lang);
    const next = new LoginPage(this.page, lang);
    await next.heading().waitFor();
    return next;
  }

  rememberMe() {
    return this.page.getByRole('checkbox', { name: this.text.rememberMe });
  }

  invalidCredentials() {
    return this.page.getByText(this.text.invalidCredentials);
  }

  /** Fills the form and presses Enter in the password field (the spec's Enter submits). */
  async signIn(email: string, password: string, options: { rememberMe?: boolean } = {}): Promise<void> {
    await this.email().fill(email);
    await this.password().fill(password);
    if (options.rememberMe === false) await this.rememberMe().uncheck();
    await this.password().press('Enter');
  }

  async openRegistration(): Promise<void> {
    await this.page.getByRole('button', { name: this.text.register, exact: true }).click();
  }

  async openForgotPassword(): Promise<void> {
    await this.page.getByRole('button', { name: this.text.forgotPassword }).click();
  }
}
