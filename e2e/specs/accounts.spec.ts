import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogues, REFRESH_COOKIE, REFRESH_COOKIE_PATH, wizardBack, type TWizardStep } from '@washboard/contracts';
import { expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { Mailbox } from '../fixtures/mail';
import { AppShell } from '../pom/app-shell';
import { ChangePasswordPage } from '../pom/change-password-page';
import { LoginPage } from '../pom/login-page';
import { PendingUsersPage } from '../pom/pending-users-page';
import { ProfilePage } from '../pom/profile-page';
import { RegistrationWizard, type TPersonalData } from '../pom/registration-wizard';

const baseUrl = inject('baseUrl');
const mailbox = new Mailbox(inject('mailUrl'));
const it_ = catalogues.it;
const run = Date.now().toString(36);
let browser: Browser;
let admin: Api;

const person = (name: string, extra: Partial<TPersonalData> = {}): TPersonalData => ({
  firstName: 'Giulia',
  lastName: 'Rossi',
  email: `${name}-${run}@washboard.test`,
  password: 'Secret123',
  ...extra,
});

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

async function freshPage(width = 1366): Promise<Page> {
  const context = await newContext(browser, { viewport: { width, height: 900 } });
  return context.newPage();
}

/** Opens /login and the registration wizard at step 1. */
async function openWizard(page: Page): Promise<RegistrationWizard> {
  const login = new LoginPage(page);
  await login.goto(baseUrl);
  await login.openRegistration();
  const wizard = new RegistrationWizard(page);
  await wizard.expectStep(1);
  return wizard;
}

async function closeDialog(page: Page, message: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(message).waitFor();
  await dialog.getByRole('button', { name: it_.common.ok, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function toggleDark(page: Page): Promise<void> {
  await new AppShell(page).colorSchemeToggle().click();
}

const kitchenManager = person('km');

describe('a kitchen manager', () => {
  it('registers through the wizard, verifies the e-mailed code and signs in', async () => {
    const page = await freshPage();
    const wizard = await openWizard(page);
    expect(await wizard.nextButton().isDisabled()).toBe(true);
    await wizard.fillPersonalData(kitchenManager);
    expect(await wizard.nextButton().isEnabled()).toBe(true);
    await expectNoRawKeys(page);
    await screenshot(page, 'wizard-step-1');
    await wizard.nextButton().click();
    await wizard.expectStep(2);
    await screenshot(page, 'wizard-step-2');

    const since = Date.now();
    await wizard.chooseKitchenManagerAndCreate();
    await wizard.expectStep(3);
    await screenshot(page, 'wizard-step-3');
    const code = await mailbox.verificationCode(kitchenManager.email, since);
    expect(code).toMatch(/^\d{4}$/);

    // A wrong code clears the boxes and says so.
    const wrong = code === '0000' ? '1111' : '0000';
    await wizard.enterCode(wrong);
    await page.getByText(it_.errors.verifyCodeFailed).waitFor();
    expect(await wizard.codeBoxes().values(4)).toBe('');

    await wizard.enterCode(code);
    const login = new LoginPage(page);
    await login.heading().waitFor();
    await closeDialog(page, it_.login.activationCode.success);
    expect(await login.email().inputValue()).toBe(kitchenManager.email);

    await login.password().fill('Wrong1234');
    await login.password().press('Enter');
    await login.invalidCredentials().waitFor();

    await login.signIn(kitchenManager.email, kitchenManager.password);
    await page.waitForURL(/\/devices$/);
    await page.getByRole('heading', { name: it_.devices.title }).waitFor();
    await page.context().close();
  });

  it('edits the profile, in light and dark and on a phone', async () => {
    const page = await freshPage();
    const login = new LoginPage(page);
    await login.goto(baseUrl);
    await login.signIn(kitchenManager.email, kitchenManager.password);
    await page.waitForURL(/\/devices$/);
    const profile = new ProfilePage(page);
    await profile.goto(baseUrl);
    expect(await profile.field(it_.profile.firstName).inputValue()).toBe(kitchenManager.firstName);
    await profile.field(it_.profile.city).fill('Bologna');
    await page.getByRole('combobox', { name: it_.profile.country }).selectOption('IT');
    await page.getByRole('checkbox', { name: it_.profile.weeklyReport }).check();
    // The report follows the country's time zone until the manager picks another.
    expect(await profile.timeZone().inputValue()).toBe(it_.profile.timeZoneFromCountry.replace('{{zone}}', 'Europe/Rome'));
    await profile.chooseTimeZone('America/New_York');
    await profile.save().click();
    await page.getByText(it_.success.profileUpdated).waitFor();
    await expectNoRawKeys(page);
    await screenshot(page, 'profile-light');
    await page.reload();
    await profile.field(it_.profile.city).waitFor();
    expect(await profile.field(it_.profile.city).inputValue()).toBe('Bologna');
    expect(await page.getByRole('checkbox', { name: it_.profile.weeklyReport }).isChecked()).toBe(true);
    expect(await profile.timeZone().inputValue()).toBe('America/New_York');
    // Wrong current password: the server's message.
    await profile.field(it_.profile.currentPassword).fill('Nope12345');
    await profile.field(it_.profile.newPassword).fill('Another123');
    await profile.field(it_.profile.confirmPassword).fill('Another123');
    await page.getByRole('button', { name: it_.profile.changePassword, exact: true }).click();
    await page.getByText(it_.apiErrors.INVALID_CREDENTIALS).waitFor();
    await toggleDark(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'profile-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'profile-390-dark');
    await toggleDark(page);
    await page.context().close();
  });

  it('changes the language from the top bar (kept after a reload) and logs out', async () => {
    const page = await freshPage();
    const login = new LoginPage(page);
    await login.goto(baseUrl);
    await login.signIn(kitchenManager.email, kitchenManager.password);
    await page.getByRole('heading', { name: it_.devices.title }).waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/account/updateUser') && r.status() === 200);
    await new AppShell(page, 'it').languagePicker().selectOption('en');
    await page.getByRole('heading', { name: catalogues.en.devices.title }).waitFor();
    await saved;
    await page.reload();
    await page.getByRole('heading', { name: catalogues.en.devices.title }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');

    await new AppShell(page, 'en').logout();
    const english = new LoginPage(page, 'en');
    await english.heading().waitFor();
    expect(await english.email().inputValue()).toBe(kitchenManager.email);
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('wb.')));
    expect(stored).not.toContain('wb.tokens');
    expect(stored).not.toContain('wb.userData');

    // The language saved to the profile comes back with the next sign-in in a fresh browser.
    const other = await freshPage();
    const otherLogin = new LoginPage(other);
    await otherLogin.goto(baseUrl);
    await otherLogin.signIn(kitchenManager.email, kitchenManager.password);
    await other.getByRole('heading', { name: catalogues.en.devices.title }).waitFor();
    await other.context().close();
    await page.context().close();
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const page = await freshPage();
    const login = new LoginPage(page);
    await login.goto(baseUrl);
    await login.openForgotPassword();
    await page.getByRole('heading', { name: it_.login.forgot.title }).waitFor();
    const since = Date.now();
    await page.getByLabel(it_.login.forgot.email).fill(kitchenManager.email);
    await page.getByRole('button', { name: it_.login.forgot.submit, exact: true }).click();
    await page.getByText(it_.login.forgot.sent).waitFor();
    expect(await page.getByRole('button', { name: it_.login.forgot.submit, exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: it_.login.forgot.backToSignin }).count()).toBe(0);

    const link = await mailbox.resetLink(kitchenManager.email, since);
    expect(link.pathname).toBe('/changepassword');
    await page.goto(link.href);
    const screen = new ChangePasswordPage(page);
    await screen.heading().waitFor();
    // Nothing is marked before the first attempt.
    expect(await page.getByText(it_.validation.mandatory).count()).toBe(0);
    await page.getByRole('button', { name: it_.changePassword.submit, exact: true }).click();
    expect(await page.getByText(it_.validation.mandatory).count()).toBe(2);
    await screen.change('NewSecret456', 'NewSecret457');
    await page.getByText(it_.validation.passwordMismatch).waitFor();
    await screen.change('NewSecret456');
    await page.getByText(it_.changePassword.success).waitFor();
    await screenshot(page, 'change-password-done');
    await screen.backToLogin().click();
    await login.heading().waitFor();
    kitchenManager.password = 'NewSecret456';
    await login.signIn(kitchenManager.email, kitchenManager.password);
    await page.waitForURL(/\/devices$/);
    await page.context().close();
  });

  it('stays signed in after a browser restart only with remember-me', async () => {
    for (const rememberMe of [false, true]) {
      const page = await freshPage();
      const login = new LoginPage(page);
      await login.goto(baseUrl);
      await login.signIn(kitchenManager.email, kitchenManager.password, { rememberMe });
      await page.waitForURL(/\/devices$/);
      // Nothing a script of the page can read holds a token or the user's address in clear: the
      // refresh token is an HttpOnly cookie, the access token lives in memory, the e-mail is encrypted.
      const exposed = await page.evaluate(() => ({
        cookie: document.cookie,
        storage: JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
      }));
      expect(exposed.cookie).not.toContain(REFRESH_COOKIE);
      // The cookie exists, and a script could not read it even on its path.
      const refresh = (await page.context().cookies()).find((c) => c.name === REFRESH_COOKIE);
      expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH });
      expect(exposed.storage).not.toContain(kitchenManager.email);
      expect(exposed.storage).not.toMatch(/eyJ[\w-]+\.eyJ/);
      // A restart keeps localStorage and loses sessionStorage: a new context with the stored state.
      const state = await page.context().storageState();
      await page.context().close();
      const restarted = await (await newContext(browser, { storageState: state })).newPage();
      await restarted.goto(`${baseUrl}/devices`);
      if (rememberMe) {
        await restarted.getByRole('heading', { name: catalogues.en.devices.title }).waitFor();
        expect(new URL(restarted.url()).pathname).toBe('/devices');
      } else {
        await restarted.waitForURL(/\/login$/);
      }
      await restarted.context().close();
    }
  });
});

describe('a service technician', () => {
  it('registers with a company code, waits for approval, is approved by a service manager in /pendingusers and signs in', async () => {
    // A service partner, its service company, and the partner's service manager above both.
    const partner = await admin.createCompany(`Partner ${run}`);
    const company = await admin.createCompany(`Assistenza ${run}`, partner.code);
    const manager = { email: `sm-${run}@washboard.test`, password: 'Manager123' };
    await admin.activeServiceManager(manager.email, manager.password, partner.code);
    const technician = person('tech', { firstName: 'Marco', lastName: 'Bianchi' });
    const page = await freshPage();
    const wizard = await openWizard(page);
    await wizard.fillPersonalData(technician);
    await wizard.nextButton().click();
    await wizard.chooseService();
    await wizard.expectStep(4);
    await wizard.answer(4, true);
    await wizard.expectStep(5);
    // Pasting a code with other characters fills the boxes with its digits only.
    await wizard.codeBoxes().box(1, 6).focus();
    await page.evaluate(
      (text) => {
        const data = new DataTransfer();
        data.setData('text', text);
        document.activeElement?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      },
      `${company.code.slice(0, 3)} ${company.code.slice(3)}`,
    );
    expect(await wizard.codeBoxes().values(6)).toBe(company.code);
    const since = Date.now();
    await wizard.continueButton().click();
    await wizard.expectStep(6);
    await wizard.enterCode(await mailbox.verificationCode(technician.email, since));
    const login = new LoginPage(page);
    await login.heading().waitFor();
    await closeDialog(page, it_.login.pendingApproval.message);

    // Pending: sign-in is refused with the dialog.
    await login.signIn(technician.email, technician.password);
    await closeDialog(page, it_.login.pendingApproval.message);
    expect(new URL(page.url()).pathname).toBe('/login');

    // The service manager of the partner approves through the screens.
    const adminPage = await freshPage();
    const adminLogin = new LoginPage(adminPage);
    await adminLogin.goto(baseUrl);
    await adminLogin.signIn(manager.email, manager.password);
    await adminPage.waitForURL(/\/devices$/);
    const pending = new PendingUsersPage(adminPage);
    await pending.goto(baseUrl);
    await pending.row(technician.email).waitFor();
    expect(await pending.roleSelect(technician.email).inputValue()).toBe('SERVICE');
    await expectNoRawKeys(adminPage);
    await screenshot(adminPage, 'pending-users-light');
    await toggleDark(adminPage);
    await screenshot(adminPage, 'pending-users-dark');
    await toggleDark(adminPage);
    await pending.decide(technician.email, true);
    await adminPage.getByText(it_.success.userAccepted).waitFor();
    await pending.row(technician.email).waitFor({ state: 'detached' });
    await adminPage.context().close();

    await login.signIn(technician.email, technician.password);
    await page.waitForURL(/\/devices$/);
    await page.context().close();
  });
});

describe('the wizard back arrow', () => {
  /** Presses back from `from` and checks the step it lands on follows wizardBack. */
  async function back(wizard: RegistrationWizard, from: TWizardStep): Promise<void> {
    await wizard.expectStep(from);
    await wizard.backArrow().click();
    await wizard.expectStep(wizardBack(from));
  }

  it('goes back one step, or two from 4, 6 and 9, or three from 7 and 10', async () => {
    const partner = await admin.createCompany(`Partner ${run}`);
    const serviceCompany = await admin.createCompany(`Cliente ${run}`);
    const { signupCode } = await admin.post<{ signupCode: string }>('/api/v1/account/signup-codes', {});

    // Steps that create no account, on one wizard.
    const page = await freshPage();
    let wizard = await openWizard(page);
    expect(await wizard.backArrow().count()).toBe(0);
    await wizard.fillPersonalData(person('back-a'));
    await wizard.nextButton().click();
    await back(wizard, 2); // → 1
    await wizard.nextButton().click();
    await wizard.chooseService();
    await back(wizard, 4); // → 2
    await wizard.chooseService();
    await wizard.answer(4, true);
    await screenshot(page, 'wizard-step-5');
    await back(wizard, 5); // → 4
    await screenshot(page, 'wizard-step-4');
    await wizard.answer(4, false);
    await screenshot(page, 'wizard-step-7');
    await back(wizard, 7); // → 4
    await wizard.answer(4, false);
    await wizard.answer(7, true);
    await screenshot(page, 'wizard-step-8');
    await back(wizard, 8); // → 7
    await wizard.answer(7, false);
    await screenshot(page, 'wizard-step-9');
    await back(wizard, 9); // → 7

    // A service manager needs the company of step 1: without it step 8 sends the user back there.
    await wizard.answer(7, true);
    await wizard.codeBoxes().type(partner.code);
    await wizard.continueButton().click();
    await wizard.expectStep(1);
    await page.getByText(it_.validation.mandatoryForService).waitFor();
    await page.context().close();

    // Each path that creates an account, with its own e-mail.
    const paths: { name: string; company?: string; walk: (w: RegistrationWizard) => Promise<void>; verify: TWizardStep }[] = [
      { name: 'back-km', walk: (w) => w.chooseKitchenManagerAndCreate(), verify: 3 },
      {
        name: 'back-service',
        walk: async (w) => {
          await w.chooseService();
          await w.answer(4, true);
          await w.enterCode(serviceCompany.code);
        },
        verify: 6,
      },
      {
        name: 'back-partner',
        company: 'Officina Nord',
        walk: async (w) => {
          await w.chooseService();
          await w.answer(4, false);
          await w.answer(7, true);
          await w.enterCode(partner.code);
        },
        verify: 10,
      },
      {
        name: 'back-signup',
        company: 'Officina Sud',
        walk: async (w) => {
          await w.chooseService();
          await w.answer(4, false);
          await w.answer(7, false);
          await w.enterCode(signupCode);
        },
        verify: 10,
      },
    ];
    for (const path of paths) {
      const tab = await freshPage();
      wizard = await openWizard(tab);
      await wizard.fillPersonalData(person(path.name, { companyName: path.company }));
      await wizard.nextButton().click();
      await path.walk(wizard);
      await wizard.expectStep(path.verify);
      await screenshot(tab, `wizard-step-${path.verify}${path.name === 'back-signup' ? '-signup' : ''}`);
      if (path.name === 'back-service') {
        await toggleDark(tab);
        await screenshot(tab, 'wizard-step-6-dark');
        await tab.setViewportSize({ width: 390, height: 844 });
        await screenshot(tab, 'wizard-step-6-390-dark');
        await toggleDark(tab);
      }
      await back(wizard, path.verify);
      await tab.context().close();
    }
  });
});

describe('an unverified account', () => {
  it('is sent to the activation-code mode when signing in, and can then sign in', async () => {
    const user = person('inactive');
    const page = await freshPage();
    const wizard = await openWizard(page);
    await wizard.fillPersonalData(user);
    await wizard.nextButton().click();
    await wizard.chooseKitchenManagerAndCreate();
    await wizard.expectStep(3);
    await mailbox.verificationCode(user.email); // the first code, which the new one replaces
    // Leaves without verifying, then signs in.
    await page.getByRole('button', { name: it_.login.signup.backToSignin }).click();
    const login = new LoginPage(page);
    await login.heading().waitFor();
    const since = Date.now();
    await login.signIn(user.email, user.password);
    await page.getByRole('heading', { name: it_.login.activationCode.title }).waitFor();
    await page.getByRole('button', { name: it_.login.activationCode.resend }).click();
    await page.getByText(it_.login.activationCode.codeSent).waitFor();
    await wizard.enterCode(await mailbox.verificationCode(user.email, since));
    await login.heading().waitFor();
    await login.signIn(user.email, user.password);
    await page.waitForURL(/\/devices$/);
    await page.context().close();
  });
});
