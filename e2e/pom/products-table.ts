import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** The Manage Products tab's table (/adminhome?tab=products): rows named by serial number, row actions, the claim picker. */
export class ProductsTable {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].admin.products;
  }

  table() {
    return this.page.getByRole('table', { name: catalogues[this.lang].admin.tabs.manageProducts });
  }

  row(serialNumber: string) {
    return this.table()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: serialNumber, exact: true }) });
  }

  /** The serial numbers of the rows shown, top to bottom. */
  async serials(): Promise<string[]> {
    return this.table().getByRole('rowheader').allInnerTexts();
  }

  /** Sorts by a column (its header's button); twice turns the order around. */
  async sortBy(column: 'serialNumber' | 'modelNumber' | 'gamma' | 'userEmail' | 'productName'): Promise<void> {
    await this.table().getByRole('button', { name: this.text[column], exact: true }).click();
  }

  /** Opens a row's actions menu and picks `item`. */
  async action(serialNumber: string, item: string): Promise<void> {
    await this.page.getByRole('button', { name: this.text.actionsFor.replace('{{serial}}', serialNumber) }).click();
    await this.page.getByRole('menuitem', { name: item }).click();
  }

  /** In the claim (or unclaim) dialog: types `typed` and picks the offered account `email`. */
  async pickAccount(typed: string, email: string): Promise<void> {
    await this.page.getByRole('dialog').getByLabel(this.text.claimUserEmail).fill(typed);
    // The list follows the typing after a pause (and shows other accounts until then): pick the
    // account once the list holds only it, not an option that is about to be replaced.
    const options = this.page.getByRole('listbox').getByRole('option');
    for (let tries = 0; (await options.count()) !== 1; tries += 1) {
      if (tries > 100)
        throw new Error(`the account list never narrowed down to ${email}: ${(await options.allInnerTexts()).join(' | ')}`);
      await this.page.waitForTimeout(100);
    }
    await options.filter({ hasText: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  }
}
