import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** What the device screens' page objects share: the page, its language's texts and the open dialog. */
export abstract class DeviceScreen {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang];
  }

  dialog() {
    return this.page.getByRole('dialog');
  }
}
