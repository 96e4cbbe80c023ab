import type { Page } from 'playwright-core';
import { catalogues } from '@washboard/contracts';

/** The companion's service menu of one machine, behind the PIN (docs/service-menu.md). */
export class ServiceMenuScreen {
  readonly text = catalogues.it.mobile.serviceMenu;

  constructor(readonly page: Page) {}

  async goto(baseUrl: string, serialNumber: string): Promise<void> {
    await this.page.goto(`${baseUrl}/app/device/${encodeURIComponent(serialNumber)}/service`);
  }

  async setPin(pin: string): Promise<void> {
    await this.page.getByLabel(this.text.newPin, { exact: true }).fill(pin);
    await this.page.getByLabel(this.text.confirmPin, { exact: true }).fill(pin);
    await this.page.getByRole('button', { name: this.text.savePin }).click();
  }

  async enterPin(pin: string): Promise<void> {
    await this.page.getByLabel(this.text.pin, { exact: true }).fill(pin);
    await this.page.getByRole('button', { name: this.text.unlock }).click();
  }

  menu() {
    return this.page.getByTestId('service-menu');
  }

  button(name: string) {
    return this.menu().getByRole('button', { name, exact: true });
  }

  /** The shared confirmation dialog's button. */
  confirmIn(name: string) {
    return this.page.getByRole('dialog').getByRole('button', { name, exact: true });
  }
}
