import type { Page } from 'playwright-core';
import { catalogues, deviceCatalogues, type TLanguage, type TParameterCode } from '@washboard/contracts';

/** The companion's Customers and Settings profiles screens (/app/customers…, /app/settings-profiles…). */
export class CompanionCustomers {
  readonly text;

  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {
    this.text = catalogues[lang].mobile;
  }

  async gotoCustomers(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/app/customers`);
    await this.page.getByRole('heading', { name: this.text.customers.title }).waitFor();
  }

  async gotoProfiles(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/app/settings-profiles`);
    await this.page.getByRole('heading', { name: this.text.settingsProfiles.title }).waitFor();
  }

  /** A field by its label (a required one's label ends with an asterisk). */
  field(label: string) {
    return this.page.getByLabel(labelled(label));
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Picks `option` in the Mantine select labelled `label`. */
  async choose(label: string, option: string | RegExp): Promise<void> {
    await this.page.getByRole('combobox', { name: labelled(label) }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  /** The field of a coded parameter in the profile's editor. */
  parameter(code: TParameterCode) {
    return this.page.getByLabel(`${deviceCatalogues[this.lang].parameters[code].label} (${code})`, { exact: true });
  }

  dialog() {
    return this.page.getByRole('dialog');
  }
}

/** The accessible name of a field labelled `label`, with or without the required asterisk. */
function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}
