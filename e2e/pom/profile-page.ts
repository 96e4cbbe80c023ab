import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';
import { fieldLabel } from './labels';

/** /profile: the user's own data and password. */
export class ProfilePage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].profile;
  }

  async goto(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/profile`);
    await this.field(this.text.firstName).waitFor();
  }

  field(label: string) {
    return this.page.getByLabel(fieldLabel(label));
  }

  /** The weekly report's time zone picker (a searchable select). */
  timeZone() {
    return this.page.getByRole('combobox', { name: new RegExp(`^${this.text.timeZone}`) });
  }

  /** Types `zone` into the time zone picker and picks it. */
  async chooseTimeZone(zone: string): Promise<void> {
    await this.timeZone().fill(zone);
    await this.page.getByRole('option', { name: zone, exact: true }).click();
  }

  save() {
    return this.page.getByRole('button', { name: this.text.save, exact: true });
  }
}
