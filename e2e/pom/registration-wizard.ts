import type { Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';
import { fieldLabel } from './labels';
import { CodeBoxes } from './code-boxes';

export type TPersonalData = {
  firstName: string;
  lastName: string;
  companyName?: string;
  email: string;
  password: string;
};

/** Login mode signup: the ten-step registration wizard. */
export class RegistrationWizard {
  constructor(
    readonly page: Page,
    readonly lang: TLanguage = 'it',
  ) {}

  get text() {
    return catalogues[this.lang];
  }

  root() {
    return this.page.getByTestId('registration-wizard');
  }

  /** The step shown now (the wizard's `data-step`). */
  async step(): Promise<number> {
    return Number(await this.root().getAttribute('data-step'));
  }

  /** Waits until step `n` is shown with its title. */
  async expectStep(n: number): Promise<void> {
    await this.page.locator(`[data-testid="registration-wizard"][data-step="${n}"]`).waitFor();
    const title = this.text.register[`step${n}` as 'step1'].title;
    await this.root().getByRole('heading', { name: title, level: 2 }).waitFor();
  }

  backArrow() {
    return this.page.getByRole('button', { name: this.text.register.back, exact: true });
  }

  nextButton() {
    return this.page.getByRole('button', { name: this.text.register.next, exact: true });
  }

  field(label: string) {
    return this.page.getByLabel(fieldLabel(label));
  }

  async fillPersonalData(data: TPersonalData): Promise<void> {
    const s1 = this.text.register.step1;
    await this.field(s1.firstName).fill(data.firstName);
    await this.field(s1.lastName).fill(data.lastName);
    if (data.companyName) await this.field(s1.company).fill(data.companyName);
    await this.field(s1.email).fill(data.email);
    await this.field(s1.confirmEmail).fill(data.email);
    await this.field(s1.password).fill(data.password);
    await this.field(s1.confirmPassword).fill(data.password);
    for (const label of [s1.tncCheck1, s1.tncCheck2, s1.privacyCheck1]) {
      await this.page.getByRole('checkbox', { name: label }).check();
    }
  }

  async chooseKitchenManagerAndCreate(): Promise<void> {
    await this.page.getByRole('radio', { name: this.text.register.step2.kitchenManager }).check();
    await this.page.getByRole('button', { name: this.text.register.step2.createAccount }).click();
  }

  async chooseService(): Promise<void> {
    await this.page.getByRole('radio', { name: this.text.register.step2.service }).check();
    await this.nextButton().click();
  }

  /** Steps 4 and 7: the yes/no questions. */
  async answer(step: 4 | 7, yes: boolean): Promise<void> {
    const texts = this.text.register[`step${step}`];
    await this.page.getByRole('button', { name: yes ? texts.yes : texts.no, exact: true }).click();
  }

  codeBoxes() {
    return new CodeBoxes(this.page, this.lang);
  }

  continueButton() {
    return this.page.getByRole('button', { name: this.text.common.continue, exact: true });
  }

  /** Types a code into the boxes and continues. */
  async enterCode(code: string): Promise<void> {
    await this.codeBoxes().type(code);
    await this.continueButton().click();
  }
}
