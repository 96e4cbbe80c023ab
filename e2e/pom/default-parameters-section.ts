import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** Manage Products › default parameters: the model picker, the list and the edit dialog. */
export class DefaultParametersSection {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].admin.defaultParameters;
  }

  /** Opens the Manage Products tab on one model's list. */
  async goto(baseUrl: string, gamma: string, modelNumber: string): Promise<void> {
    await this.page.goto(`${baseUrl}/adminhome?tab=products&model=${encodeURIComponent(`${gamma}:${modelNumber}`)}`);
    await this.table().waitFor({ timeout: 30_000 });
  }

  heading() {
    return this.page.getByRole('heading', { name: this.text.title });
  }

  modelPicker() {
    return this.page.getByRole('combobox', { name: this.text.model });
  }

  table() {
    return this.page.getByRole('table', { name: this.text.title });
  }

  search() {
    return this.page.getByRole('textbox', { name: this.text.search });
  }

  row(code: string) {
    return this.page.getByTestId(`default-${code}`);
  }

  /** Opens the edit dialog of `code`. */
  async edit(code: string): Promise<void> {
    await this.page.getByRole('button', { name: this.text.editNamed.replace('{{code}}', code), exact: true }).click();
    await this.dialog().waitFor();
  }

  dialog() {
    return this.page.getByRole('dialog');
  }

  field() {
    return this.dialog().getByRole('textbox');
  }

  save() {
    return this.dialog().getByRole('button', { name: catalogues[this.lang].common.save, exact: true });
  }
}
