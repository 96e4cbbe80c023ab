import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';
import { fieldLabel } from './labels';

/** /changepassword?token=…&email=…: the page the reset e-mail links to. */
export class ChangePasswordPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].changePassword;
  }

  heading() {
    return this.page.getByRole('heading', { name: this.text.title, level: 1 });
  }

  async change(password: string, confirm = password): Promise<void> {
    await this.page.getByLabel(fieldLabel(this.text.newPassword)).fill(password);
    await this.page.getByLabel(fieldLabel(this.text.confirmPassword)).fill(confirm);
    await this.page.getByRole('button', { name: this.text.submit, exact: true }).click();
  }

  backToLogin() {
    return this.page.getByRole('link', { name: this.text.backToLogin });
  }
}
