import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** /adminhome?tab=add-products: the single-product form, its device secret and the CSV import. */
export class AddProductsPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].admin;
  }

  async goto(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/adminhome?tab=add-products`);
    await this.page.getByRole('heading', { name: this.text.addProduct.title }).waitFor();
  }

  field(key: 'serialNumber' | 'model' | 'fw00' | 'fw02') {
    return this.page.getByRole('textbox', { name: this.text.addProduct[key] });
  }

  /** Picks `option` in the range or rated power select. */
  async choose(key: 'gamma' | 'ratingPower', option: string): Promise<void> {
    await this.page.getByRole('combobox', { name: this.text.addProduct[key] }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async addProduct(product: {
    serialNumber: string;
    model: string;
    fw00: string;
    fw02: string;
    gamma: string;
    ratingPower: string;
  }) {
    await this.field('serialNumber').fill(product.serialNumber);
    await this.field('model').fill(product.model);
    await this.field('fw00').fill(product.fw00);
    await this.field('fw02').fill(product.fw02);
    await this.choose('gamma', product.gamma);
    await this.choose('ratingPower', product.ratingPower);
    await this.page.getByRole('button', { name: this.text.addProduct.submit, exact: true }).click();
  }

  /** The panel showing a new product's device secret (once). */
  secretPanel(serialNumber: string) {
    return this.page.getByRole('status', { name: this.text.addProduct.secretTitle.replace('{{serialNumber}}', serialNumber) });
  }

  secret() {
    return this.page.getByTestId('device-secret');
  }

  /** Chooses a CSV file with `content` and sends it. */
  async importCsv(content: string, name = 'products.csv'): Promise<void> {
    await this.page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
    await this.page.getByRole('button', { name: this.text.import.submit, exact: true }).click();
  }

  problemTable() {
    return this.page.getByRole('table', { name: this.text.import.problemsLabel });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** Clicks `name` and answers the file it downloads, as text. */
  async download(name: string): Promise<{ fileName: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.button(name).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    return { fileName: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}
