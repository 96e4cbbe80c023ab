import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** /pendingusers: users waiting for approval. */
export class PendingUsersPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].pendingUsers;
  }

  async goto(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/pendingusers`);
    await this.page.getByRole('heading', { name: this.text.title, level: 1 }).waitFor();
  }

  row(email: string) {
    return this.page.getByRole('row').filter({ hasText: email });
  }

  roleSelect(email: string) {
    return this.row(email).getByRole('combobox', { name: this.text.assignRole });
  }

  /** Accept (or Reject) a row and confirm in the shared dialog. */
  async decide(email: string, accept: boolean): Promise<void> {
    const label = accept ? this.text.accept : this.text.reject;
    await this.row(email).getByRole('button', { name: label, exact: true }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
  }
}
