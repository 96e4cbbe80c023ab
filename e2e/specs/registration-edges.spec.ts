import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogues, type TUserProfile } from '@washboard/contracts';
import { launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { Mailbox } from '../fixtures/mail';
import { AppShell } from '../pom/app-shell';
import { LoginPage } from '../pom/login-page';
import { PendingUsersPage } from '../pom/pending-users-page';
import { RegistrationWizard } from '../pom/registration-wizard';

const baseUrl = inject('baseUrl');
const mailbox = new Mailbox(inject('mailUrl'));
const it_ = catalogues.it;
const run = Date.now().toString(36);
const WIDTHS = [1366, 390] as const;
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

async function freshPage(width: number): Promise<Page> {
  const context = await newContext(browser, { viewport: { width, height: width > 600 ? 900 : 844 } });
  return context.newPage();
}

/** "Passo 4 di 5": the wizard's counter as the user reads it. */
function counter(step: number, total: number): string {
  return it_.common.stepOf.replace('{{step}}', String(step)).replace('{{total}}', String(total));
}

/** A six-digit code that no company of the brand has, no two neighbouring digits alike ("123456"). */
async function unusedCompanyCode(): Promise<string> {
  const taken = new Set((await admin.get<{ code: string }[]>('/api/v1/account/companies')).map((c) => c.code));
  for (let first = 1; ; first += 1) {
    const code = Array.from({ length: 6 }, (_, i) => String((first + i) % 10)).join('');
    if (!taken.has(code)) return code;
  }
}

describe('a registration the server cannot take', () => {
  it('says so in a dialog whose Continue leads back to the sign-in, and creates nothing', async () => {
    const page = await freshPage(390);
    const login = new LoginPage(page);
    await login.goto(baseUrl);
    await login.openRegistration();
    const wizard = new RegistrationWizard(page);
    const email = `lost-${run}@washboard.test`;
    await wizard.fillPersonalData({ firstName: 'Sara', lastName: 'Neri', email, password: 'Secret123' });
    await wizard.nextButton().click();
    await wizard.expectStep(2);
    // The network drops the account's creation: the server is never reached.
    await page.route('**/api/v2/account/users', (route) => route.abort('internetdisconnected'));
    await wizard.chooseKitchenManagerAndCreate();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(it_.register.errorTitle).waitFor();
    await dialog.getByText(it_.register.errorMessage).waitFor();
    await screenshot(page, 'registration-failed-390');
    await dialog.getByRole('button', { name: it_.register.errorContinue, exact: true }).click();
    await login.heading().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await admin.get<{ email: string }[]>(`/api/v1/account/users?q=${encodeURIComponent(email)}`)).length).toBe(0);
    await page.context().close();
  });
});

describe('registering with a code', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: a mistyped company code is said on its step and corrected there, nothing else lost; the approver is told`, async () => {
      const partner = await admin.createCompany(`Partner ${run}-${width}`);
      const company = await admin.createCompany(`Assistenza ${run}-${width}`, partner.code);
      const manager = { email: `sm-edge-${width}-${run}@washboard.test`, password: 'Manager123' };
      await admin.activeServiceManager(manager.email, manager.password, partner.code);
      const technician = {
        firstName: 'Marco',
        lastName: 'Bianchi',
        email: `tech-edge-${width}-${run}@washboard.test`,
        password: 'Secret123',
      };

      const page = await freshPage(width);
      const login = new LoginPage(page);
      await login.goto(baseUrl);
      await login.openRegistration();
      const wizard = new RegistrationWizard(page);
      await wizard.expectStep(1);
      // Until the profile is chosen, the shortest path: the kitchen manager's three steps.
      expect(await page.getByTestId('wizard-step').textContent()).toBe(counter(1, 3));
      await wizard.fillPersonalData(technician);
      await wizard.nextButton().click();
      await wizard.chooseService();
      await wizard.expectStep(4);
      expect(await page.getByTestId('wizard-step').textContent()).toBe(counter(3, 5));
      await wizard.answer(4, true);
      await wizard.expectStep(5);
      expect(await page.getByTestId('wizard-step').textContent()).toBe(counter(4, 5));

      await wizard.enterCode(await unusedCompanyCode());
      const refusal = page.getByRole('alert').filter({ hasText: it_.apiErrors.COMPANY_CODE_UNKNOWN });
      await refusal.waitFor();
      await screenshot(page, `wizard-wrong-company-code-${width}`);
      expect(await wizard.step()).toBe(5);
      expect(await page.getByRole('dialog').count()).toBe(0);

      // Step 1 is still filled in: back to it and forward again loses nothing.
      await wizard.backArrow().click();
      await wizard.expectStep(4);
      await wizard.backArrow().click();
      await wizard.expectStep(2);
      await wizard.backArrow().click();
      await wizard.expectStep(1);
      expect(await wizard.field(it_.register.step1.firstName).inputValue()).toBe(technician.firstName);
      expect(await wizard.field(it_.register.step1.email).inputValue()).toBe(technician.email);
      await wizard.nextButton().click();
      await wizard.chooseService();
      await wizard.answer(4, true);
      await wizard.expectStep(5);

      // Typing over one digit with the cursor in front of it replaces that digit only, without
      // pushing the old one into the next box.
      const boxes = wizard.codeBoxes();
      const wrongCode = await boxes.values(6);
      await boxes.box(2, 6).focus();
      await page.keyboard.press('Home');
      await page.keyboard.type('7');
      expect(await boxes.values(6)).toBe(`${wrongCode[0] ?? ''}7${wrongCode.slice(2)}`);
      // Correcting the code takes the refusal away and goes on.
      await boxes.type(company.code);
      expect(await boxes.values(6)).toBe(company.code);
      await refusal.waitFor({ state: 'detached' });
      const since = Date.now();
      await wizard.continueButton().click();
      await wizard.expectStep(6);
      expect(await page.getByTestId('wizard-step').textContent()).toBe(counter(5, 5));
      await wizard.enterCode(await mailbox.verificationCode(technician.email, since));
      await login.heading().waitFor();
      await page.context().close();

      // The partner's service manager is told by mail, and sees the count in the menu.
      const ask = await mailbox.waitFor(manager.email, { predicate: (m) => m.text.includes(technician.email) });
      expect(ask.text).toContain(company.name);
      expect(ask.text).toMatch(/\/pendingusers$/m);
      const managerPage = await freshPage(width);
      const managerLogin = new LoginPage(managerPage);
      await managerLogin.goto(baseUrl);
      await managerLogin.signIn(manager.email, manager.password);
      await managerPage.waitForURL(/\/devices$/);
      const shell = new AppShell(managerPage);
      // The menu is closed (overlay, the default layout): its button says someone waits.
      await managerPage.getByRole('button', { name: `${it_.layout.toggleMenu}, 1 in attesa` }).waitFor();
      await screenshot(managerPage, `menu-pending-dot-${width}`);
      await shell.menuButton().click();
      await shell.menuCount('authorizations').waitFor();
      expect(await shell.menuCount('authorizations').textContent()).toBe('1');
      await screenshot(managerPage, `menu-pending-count-${width}`);
      await shell.menuEntry('authorizations').click();
      const pending = new PendingUsersPage(managerPage);
      await pending.row(technician.email).waitFor();
      await pending.decide(technician.email, true);
      await managerPage.getByText(it_.success.userAccepted).waitFor();
      await shell.menuCount('authorizations').waitFor({ state: 'detached' });
      await managerPage.context().close();
    });
  }
});

describe('the language chosen on the sign-in screen', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: wins over the profile's at sign-in, and is saved to it`, async () => {
      const email = `lang-${width}-${run}@washboard.test`;
      const password = 'Secret123';
      await admin.activeAccount(email, password, 'KITCHEN_MANAGER');
      const before = await (await Api.signIn(baseUrl, email, password)).get<TUserProfile>('/api/v1/account/userinfo');
      expect(before.language).toBe('it');

      const page = await freshPage(width);
      const italian = new LoginPage(page);
      await italian.goto(baseUrl);
      const german = await italian.chooseLanguage('de');
      await german.signIn(email, password);
      await page.waitForURL(/\/devices$/);
      await page.getByRole('heading', { name: catalogues.de.devices.title }).waitFor();
      await screenshot(page, `language-kept-at-sign-in-${width}`);
      await page.context().close();

      const after = await (await Api.signIn(baseUrl, email, password)).get<TUserProfile>('/api/v1/account/userinfo');
      expect(after.language).toBe('de');

      // Another browser that chose nothing: the profile's language, now German, applies.
      const other = await freshPage(width);
      const fresh = new LoginPage(other);
      await fresh.goto(baseUrl);
      await fresh.signIn(email, password);
      await other.waitForURL(/\/devices$/);
      await other.getByRole('heading', { name: catalogues.de.devices.title }).waitFor();
      await other.context().close();
    });
  }
});
