import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** The device list (/devices): one card per machine, named by the appliance name. */
export class DevicesPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  async goto(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/devices`);
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: catalogues[this.lang].devices.title });
  }

  card(applianceName: string) {
    return this.page.getByRole('link', { name: applianceName, exact: true });
  }

  search() {
    return this.page.getByLabel(catalogues[this.lang].common.search, { exact: true });
  }
}
