import type { Page } from 'playwright-core';
import { catalogues } from '@washboard/contracts';
import { CompanionCustomers } from './companion-customers';
import { ServiceMenuScreen } from './service-menu-screen';

/** The companion's Install machine screen (/app/device/{serial}/install), behind the service PIN. */
export class CompanionInstall {
  readonly text = catalogues.it.mobile.install;
  readonly form: CompanionCustomers;
  readonly pin: ServiceMenuScreen;

  constructor(readonly page: Page) {
    this.form = new CompanionCustomers(page);
    this.pin = new ServiceMenuScreen(page);
  }

  /** The machine screen, where a machine that waits to be installed offers "Install machine". */
  async gotoMachine(baseUrl: string, serialNumber: string): Promise<void> {
    await this.page.goto(`${baseUrl}/app/device/${encodeURIComponent(serialNumber)}`);
  }

  offer() {
    return this.page.getByTestId('install-offer');
  }

  /** Opens the install screen from the machine's offer and enters the service PIN. */
  async open(pin: string): Promise<void> {
    await this.offer().getByRole('link', { name: this.text.start }).click();
    await this.pin.enterPin(pin);
    await this.page.getByLabel(this.text.name, { exact: false }).first().waitFor();
  }

  /** The value a select of the form shows. */
  selected(label: string) {
    return this.page.getByRole('combobox', { name: new RegExp(`^${label}`) });
  }

  failure() {
    return this.page.getByRole('alert');
  }
}
