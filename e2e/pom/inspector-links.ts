import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

/**
 * The HACCP page's sharing with an inspector: the "Share with an inspector" dialog (a link for the
 * page's period, its address, copy button and QR code) and the tab listing the machine's links.
 */
export class InspectorLinksSection {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].haccp;
  }

  shareButton() {
    return this.page.getByRole('button', { name: this.text.inspectorLinks.share });
  }

  dialog() {
    return this.page.getByRole('dialog', { name: this.text.inspectorLinks.share });
  }

  /** Opens the dialog, names the link and creates it; answers the link's address as the dialog shows it. */
  async create(label: string): Promise<string> {
    await this.shareButton().click();
    await this.dialog().getByLabel(this.text.inspectorLinks.label).fill(label);
    await this.dialog().getByRole('button', { name: this.text.inspectorLinks.create }).click();
    const address = this.dialog().getByLabel(this.text.inspectorLinks.address);
    await address.waitFor();
    return address.inputValue();
  }

  qrCode() {
    return this.dialog().getByRole('img', { name: this.text.inspectorLinks.qr });
  }

  closeDialog() {
    return this.dialog().getByRole('button', { name: catalogues[this.lang].common.close, exact: true }).click();
  }

  tab() {
    return this.page.getByRole('tab', { name: this.text.tabs.inspectorLinks });
  }

  /** The card of the link named `label` in the tab's list. */
  card(label: string) {
    return this.page.getByRole('list', { name: this.text.tabs.inspectorLinks }).getByRole('listitem', { name: label });
  }

  /** Revokes the link named `label`, confirming in the dialog that asks. */
  async revoke(label: string): Promise<void> {
    await this.card(label).getByRole('button', { name: this.text.inspectorLinks.revoke }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: this.text.inspectorLinks.revoke }).click();
  }
}
