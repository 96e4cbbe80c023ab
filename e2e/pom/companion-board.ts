import type { Page } from 'playwright-core';
import { catalogues } from '@washboard/contracts';
import { CompanionLink } from './companion-link';

/** The companion's main board replacement (/app/device/{serial}/main-board), in Italian. */
export class CompanionBoard {
  readonly text = catalogues.it.mobile.link.board;
  readonly link: CompanionLink;

  constructor(readonly page: Page) {
    this.link = new CompanionLink(page);
  }

  /** The machine screen, then its "Replace main board" section. */
  async open(baseUrl: string, serialNumber: string): Promise<void> {
    await this.page.goto(`${baseUrl}/app/device/${encodeURIComponent(serialNumber)}`);
    await this.page.getByRole('link', { name: catalogues.it.mobile.machine.replaceBoard }).click();
    await this.page.getByRole('heading', { name: this.text.title }).waitFor();
  }

  scanButton() {
    return this.page.getByRole('button', { name: this.text.scan });
  }

  /** Types the board serial instead of scanning it. */
  async typeSerial(boardSerial: string): Promise<void> {
    await this.page.getByLabel(this.text.typed).fill(boardSerial);
    await this.page.getByRole('button', { name: this.text.use }).click();
  }

  /** The new board, once identified. */
  chosen(boardSerial: string) {
    return this.page.getByText(this.text.board.replace('{{boardSerial}}', boardSerial));
  }

  connectButton() {
    return this.page.getByRole('button', { name: this.text.connect });
  }

  cameraProblem() {
    return this.page.getByTestId('camera-problem');
  }

  steps() {
    return this.page.getByTestId('replace-steps');
  }

  done(serialNumber: string) {
    return this.page.getByRole('status').getByText(this.text.done.replace('{{serialNumber}}', serialNumber));
  }
}
