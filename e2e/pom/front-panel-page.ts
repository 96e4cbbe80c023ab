import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';

type TButton = keyof (typeof catalogues)['it']['demoPanel']['buttons'];

/** The demo's virtual machines (/demo/machines) and one machine's front panel (/demo/machines/{serial}). */
export class FrontPanelPage {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang].demoPanel;
  }

  /** From the sign-in screen, as a newcomer finds it. */
  async openFromSignIn(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/login`);
    await this.page.getByRole('link', { name: this.text.loginLink }).click();
    await this.page.getByRole('heading', { name: this.text.title }).waitFor();
  }

  /** The list's entry of one machine: its serial stands alone (DEMO0001 is not KDEMO0001). */
  machine(serialNumber: string) {
    return this.page.getByRole('listitem').filter({ hasText: new RegExp(`(^|[^A-Z0-9])${serialNumber}([^A-Z0-9]|$)`) });
  }

  async openPanel(serialNumber: string): Promise<void> {
    await this.machine(serialNumber)
      .getByRole('link', { name: `${this.text.open} ${serialNumber}` })
      .click();
    await this.display().waitFor();
  }

  display() {
    return this.page.getByRole('region', { name: this.text.display });
  }

  button(name: TButton, values: Record<string, string> = {}) {
    const label = Object.entries(values).reduce(
      (text, [key, value]) => text.replace(`{{${key}}}`, value),
      this.text.buttons[name],
    );
    return this.page.getByRole('button', { name: label, exact: true });
  }

  alarmPicker() {
    return this.page.getByLabel(this.text.alarmCode);
  }
}
