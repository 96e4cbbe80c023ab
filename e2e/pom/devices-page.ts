import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';
import { interpolate } from './labels';

/** The device list (/devices): one card (article) per machine, named by the appliance name. */
export class DevicesPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  private get texts() {
    return catalogues[this.lang].devices;
  }

  async goto(baseUrl: string, query = ''): Promise<void> {
    await this.page.goto(`${baseUrl}/devices${query}`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: this.texts.title });
  }

  /** The card of a machine; clicking it opens the device page. */
  card(applianceName: string) {
    return this.page.getByRole('article', { name: applianceName, exact: true });
  }

  cards() {
    return this.page.getByRole('article');
  }

  search() {
    return this.page.getByLabel(catalogues[this.lang].common.search, { exact: true });
  }

  /** The drawer button that holds the filters on a phone-wide screen. */
  filtersButton() {
    return this.page.getByRole('button', { name: this.texts.filter.title });
  }

  gammaFilter() {
    return this.page.getByLabel(this.texts.filter.gamma, { exact: true });
  }

  companyFilter() {
    return this.page.getByLabel(this.texts.filter.company, { exact: true });
  }

  /** One option of the connectivity switch: bluetooth, wifi, all, offline. */
  async connectivity(option: 'bluetooth' | 'wifi' | 'all' | 'offline'): Promise<void> {
    // The switch's segments are labels (a card's Offline badge is not).
    await this.page.locator('label', { hasText: new RegExp(`^${this.texts.filter[option]}$`) }).click();
  }

  sortButton() {
    return this.page.getByTestId('device-sort');
  }

  emptyMessage() {
    return this.page.getByTestId('devices-empty');
  }

  /** "Showing X of Y machines" above the cards. */
  shownCount() {
    return this.page.getByTestId('device-count');
  }

  /** The text of `shownCount` when `shown` of `count` machines are on the page. */
  shownText(shown: number, count: number): string {
    return interpolate(count === 1 ? this.texts.shown_one : this.texts.shown_other, { shown, count }, this.lang);
  }

  /** The button at the end of the list that loads the next page (which scrolling to the end also does). */
  showMore() {
    return this.page.getByRole('button', { name: this.texts.showMore });
  }

  /** Scrolls the window to the end of the list. */
  async scrollToEnd(): Promise<void> {
    await this.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  }

  /** Opens Add Device and fills it; the name is left as proposed when not given. */
  async addDevice(activationCode: string, serialNumber: string, applianceName?: string): Promise<void> {
    await this.page.getByRole('button', { name: this.texts.addDevice.button }).first().click();
    const dialog = this.page.getByRole('dialog', { name: this.texts.addDevice.title });
    await dialog.getByLabel(this.texts.addDevice.activationCode).fill(activationCode);
    if (applianceName !== undefined) await dialog.getByLabel(this.texts.addDevice.applianceName).fill(applianceName);
    await dialog.getByLabel(this.texts.addDevice.serialNumber).fill(serialNumber);
    await dialog.getByRole('button', { name: this.texts.addDevice.submit, exact: true }).click();
  }

  addDeviceDialog() {
    return this.page.getByRole('dialog', { name: this.texts.addDevice.title });
  }

  /** Opens a card's actions menu and picks Show Code or Reset presets. */
  async cardAction(applianceName: string, action: 'showCode' | 'resetPresets'): Promise<void> {
    await this.page.getByRole('button', { name: `${this.texts.actions}: ${applianceName}` }).click();
    await this.page.getByRole('menuitem', { name: this.texts[action].button }).click();
  }
}
