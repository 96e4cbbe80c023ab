import type { Page } from 'playwright-core';
import { catalogues } from '@washboard/contracts';
import { CodeBoxes } from './code-boxes';

/** The companion's local link: the Bluetooth chip's nearby machines, commissioning, records carried home. */
export class CompanionLink {
  readonly text = catalogues.it.mobile.link;
  readonly code: CodeBoxes;

  constructor(readonly page: Page) {
    this.code = new CodeBoxes(page, 'it');
  }

  /** Home with the Bluetooth chip chosen. */
  async gotoNearby(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/app/devices?conn=bluetooth`);
    await this.findButton().waitFor();
  }

  findButton() {
    return this.page.getByRole('button', { name: this.text.find });
  }

  /** A machine reached over Bluetooth, in the Bluetooth chip's list. */
  nearby(serialNumber: string) {
    return this.page.getByRole('article', { name: serialNumber, exact: true });
  }

  problem() {
    return this.page.getByTestId('bluetooth-problem');
  }

  /** Types the code on the machine's display and connects. */
  async enterCode(code: string): Promise<void> {
    await this.page.getByText(this.text.session.hint.split('{{time}}')[0] ?? '').waitFor();
    await this.code.type(code);
    await this.page.getByRole('button', { name: this.text.session.open, exact: true }).click();
  }

  /** The Wi-Fi form of commissioning, sent. */
  async sendWifi(ssid: string, password: string): Promise<void> {
    const c = this.text.commissioning;
    await this.page.getByLabel(c.ssid).fill(ssid);
    await this.page.getByLabel(c.security).selectOption('wpa2-psk');
    await this.page.getByLabel(c.password).fill(password);
    await this.page.getByRole('button', { name: c.send }).click();
  }

  steps() {
    return this.page.getByTestId('commission-steps');
  }

  alert() {
    return this.page.getByRole('alert');
  }

  status() {
    return this.page.getByRole('status');
  }
}
