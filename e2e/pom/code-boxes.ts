import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/** The one-digit-per-box code input (ui/CodeInput), found by its boxes' labels. */
export class CodeBoxes {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  box(position: number, length: number) {
    const label = catalogues[this.lang].register.digitLabel
      .replace('{{position}}', String(position))
      .replace('{{length}}', String(length));
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  /** Clicks the first box and types the code key by key (focus moves by itself). */
  async type(code: string): Promise<void> {
    await this.box(1, code.length).click();
    await this.page.keyboard.type(code);
  }

  async values(length: number): Promise<string> {
    let out = '';
    for (let i = 1; i <= length; i++) out += await this.box(i, length).inputValue();
    return out;
  }
}
