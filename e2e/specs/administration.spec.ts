import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { catalogues, type TAdminProfile } from '@washboard/contracts';
import { expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { Mailbox } from '../fixtures/mail';
import { AdminPage } from '../pom/admin-page';
import { PendingUsersPage } from '../pom/pending-users-page';
import { AppShell, IDENTITY_PASSWORD } from '../pom/app-shell';

const baseUrl = inject('baseUrl');
const mailbox = new Mailbox(inject('mailUrl'));
const it_ = catalogues.it;
const run = Date.now().toString(36);
const PASSWORD = 'Secret123';
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

/** A tab signed in as the admin, or as a kitchen manager holding only `profiles`. */
async function adminHome(
  profiles?: TAdminProfile[],
  options: BrowserContextOptions = {},
): Promise<{ page: Page; screen: AdminPage }> {
  const page = await (await newContext(browser, { viewport: { width: 1366, height: 900 }, ...options })).newPage();
  if (profiles)
    await AppShell.withIdentity(page, { email: holderEmail(profiles), role: 'KITCHEN_MANAGER', administrationProfile: profiles });
  else await AppShell.withIdentity(page, { role: 'ADMIN' });
  return { page, screen: new AdminPage(page) };
}

const holderEmail = (profiles: TAdminProfile[]) => `holder-${profiles.join('-').toLowerCase()}-${run}@washboard.test`;

async function darkAndPhone(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-light`);
  await new AppShell(page).colorSchemeToggle().click();
  await screenshot(page, `${name}-dark`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390-dark`);
  await new AppShell(page).colorSchemeToggle().click();
  await screenshot(page, `${name}-390-light`);
}

describe('the administration tabs', () => {
  it('shows an admin all four tabs, and the audit trail, and keeps the chosen one in the address across a reload', async () => {
    const { page, screen } = await adminHome();
    await screen.goto(baseUrl);
    const t = it_.admin.tabs;
    expect(await screen.tabNames()).toEqual([t.addProducts, t.accounts, t.manageProducts, t.manageCompanies, t.audit]);
    await screen.tab('manageCompanies').click();
    await page.waitForURL(/\?tab=companies$/);
    await screen.newCompanyButton().waitFor();
    await page.reload();
    await screen.newCompanyButton().waitFor();
    expect(await screen.tab('manageCompanies').getAttribute('aria-selected')).toBe('true');
    await screen.tab('accounts').click();
    await page.waitForURL(/\?tab=accounts$/);
    await screen.accountsTable().waitFor();
    await page.context().close();
  });

  it('shows a holder of ACCOUNTS only Accounts, and the API refuses it the company calls', async () => {
    const profiles: TAdminProfile[] = ['ACCOUNTS'];
    const { page, screen } = await adminHome(profiles);
    await screen.goto(baseUrl, 'companies');
    expect(await screen.tabNames()).toEqual([it_.admin.tabs.accounts]);
    // A link to a tab it may not open shows the one it may.
    await screen.accountsTable().waitFor();
    const holder = await Api.signIn(baseUrl, holderEmail(profiles), IDENTITY_PASSWORD);
    expect(await holder.status('GET', '/api/v1/account/users/page')).toBe(200);
    expect(await holder.status('GET', '/api/v1/account/companies/tree')).toBe(403);
    expect(await holder.status('GET', '/api/v1/account/companies')).toBe(403);
    expect(await holder.status('DELETE', '/api/v1/account/company/123456')).toBe(403);

    // It may not list companies, so it gives a technician its company by the six-digit code.
    const technician = `by-code-${run}@washboard.test`;
    await admin.activeAccount(technician, PASSWORD, 'KITCHEN_MANAGER');
    const company = await admin.createCompany(`Codice ${run}`);
    await screen.searchFor(technician);
    await screen.userAction(technician, it_.admin.users.changeRole);
    await screen.dialog().getByRole('combobox', { name: it_.admin.users.newRole }).selectOption('SERVICE');
    await screen.dialog().getByRole('textbox', { name: it_.admin.users.companyCode }).fill(company.code);
    await screen.dialog().getByRole('button', { name: it_.common.save, exact: true }).click();
    await screen.notification(it_.success.roleUpdated).waitFor();
    expect(await screen.userRow(technician).innerText()).toContain(company.name);
    await page.context().close();
  });

  it('shows a holder of COMPANIES only Manage Companies, and the API refuses it the user calls', async () => {
    const profiles: TAdminProfile[] = ['COMPANIES'];
    const { page, screen } = await adminHome(profiles);
    await screen.goto(baseUrl, 'accounts');
    expect(await screen.tabNames()).toEqual([it_.admin.tabs.manageCompanies]);
    await screen.newCompanyButton().waitFor();
    const holder = await Api.signIn(baseUrl, holderEmail(profiles), IDENTITY_PASSWORD);
    expect(await holder.status('GET', '/api/v1/account/companies/tree')).toBe(200);
    expect(await holder.status('GET', '/api/v1/account/users/page')).toBe(403);
    expect(await holder.status('GET', '/api/v1/account/users')).toBe(403);
    expect(await holder.status('DELETE', `/api/v1/account/users/${await admin.userId(ADMIN.email)}`)).toBe(403);
    await page.context().close();
  });
});

describe('Accounts', () => {
  const cook = `cook-${run}@washboard.test`;
  const leaver = `leaver-${run}@washboard.test`;
  let companyName: string;

  beforeAll(async () => {
    await admin.activeAccount(cook, PASSWORD, 'KITCHEN_MANAGER');
    await admin.activeAccount(leaver, PASSWORD, 'KITCHEN_MANAGER');
    companyName = (await admin.createCompany(`Assistenza ${run}`)).name;
  });

  it('changes a role, with the company the role needs, and filters by it (kept after a reload)', async () => {
    const { page, screen } = await adminHome();
    await screen.goto(baseUrl, 'accounts');
    await screen.searchFor(run);
    await screen.userRow(cook).waitFor();
    await expectNoRawKeys(page);

    await screen.userAction(cook, it_.admin.users.changeRole);
    const dialog = screen.dialog();
    await dialog.getByRole('combobox', { name: it_.admin.users.newRole }).selectOption('SERVICE');
    // A technician needs a company: saving without one says so and changes nothing.
    await dialog.getByRole('button', { name: it_.common.save, exact: true }).click();
    await dialog.getByText(it_.admin.users.companyRequired).waitFor();
    await dialog.getByLabel(it_.admin.users.company).fill(run);
    await page.getByRole('option', { name: new RegExp(companyName) }).click();
    await screenshot(page, 'admin-change-role');
    await dialog.getByRole('button', { name: it_.common.save, exact: true }).click();
    await screen.notification(it_.success.roleUpdated).waitFor();
    await screen.userRow(cook).getByText(it_.roles.SERVICE).waitFor();
    expect(await screen.userRow(cook).innerText()).toContain(companyName);

    await screen.roleFilter().selectOption('SERVICE');
    await page.waitForURL(/role=SERVICE/);
    await page.reload();
    await screen.userRow(cook).waitFor();
    expect(await screen.roleFilter().inputValue()).toBe('SERVICE');
    expect(await screen.userRow(leaver).count()).toBe(0);
    await page.context().close();
  });

  it('grants administration profiles', async () => {
    const { screen } = await adminHome();
    await screen.goto(baseUrl, 'accounts');
    await screen.searchFor(run);
    await screen.userAction(leaver, it_.admin.users.editAdminProfiles);
    await screen.dialog().getByRole('checkbox', { name: it_.adminProfiles.COMPANIES }).check();
    await screen.dialog().getByRole('button', { name: it_.common.save, exact: true }).click();
    await screen.notification(it_.success.adminProfilesUpdated).waitFor();
    await screen.userRow(leaver).getByText(it_.adminProfiles.COMPANIES).waitFor();
    await screen.page.context().close();
  });

  it('deletes a user after the alert', async () => {
    const { page, screen } = await adminHome();
    // A link past the last page (a shared old one, or the last row of a page deleted) shows the last page.
    await page.goto(`${baseUrl}/adminhome?tab=accounts&q=${encodeURIComponent(`leaver-${run}`)}&size=10&page=4`);
    await screen.userRow(leaver).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await screen.goto(baseUrl, 'accounts');
    await screen.searchFor(run);
    await screen.userAction(leaver, it_.admin.users.delete);
    await screen.dialog().getByText(it_.admin.users.confirmDelete).waitFor();
    await screen.confirm(it_.admin.users.delete);
    await screen.notification(it_.success.userDeleted).waitFor();
    await screen.userRow(leaver).waitFor({ state: 'detached' });
    // Deleted for good: it can no longer sign in.
    await expect(Api.signIn(baseUrl, leaver, PASSWORD)).rejects.toThrow(/401|400/);
    await screen.searchFor(`cook-${run}`);
    await screen.userRow(cook).waitFor();
    await darkAndPhone(page, 'admin-accounts');
    await page.context().close();
  });
});

describe('Accounts: activating, moving and refusing', () => {
  const unverified = `unverified-${run}@washboard.test`;
  const mover = `mover-${run}@washboard.test`;
  const applicant = `applicant-${run}@washboard.test`;
  let target: { code: string; name: string };

  /** Registers through the public call; a SERVICE applicant with `companyCode` waits for approval once verified. */
  async function register(email: string, companyCode?: string): Promise<void> {
    const res = await fetch(`${baseUrl}/api/v2/account/users`, {
      method: 'POST',
      headers: { 'x-brand': 'LUMINA', 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Elena',
        lastName: 'Conti',
        email,
        password: PASSWORD,
        role: companyCode ? 'SERVICE' : 'KITCHEN_MANAGER',
        ...(companyCode ? { companyCode } : {}),
        language: 'it_IT',
        userDetails: { tnc: { check_1: true, check_2: true }, privacy: { check_1: true, check_2: false } },
      }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }

  beforeAll(async () => {
    await register(unverified);
    await admin.activeAccount(mover, PASSWORD, 'SERVICE');
    target = await admin.createCompany(`Nuova sede ${run}`);
  });

  it('activates an account whose e-mail was never verified, which can then sign in', async () => {
    const { page, screen } = await adminHome();
    await screen.goto(baseUrl, 'accounts');
    await screen.searchFor(`unverified-${run}`);
    await screen.userRow(unverified).getByText(it_.userStatus.INACTIVE).waitFor();
    await expect(Api.signIn(baseUrl, unverified, PASSWORD)).rejects.toThrow();
    await screen.userAction(unverified, it_.admin.users.activate);
    await screen.dialog().getByText(it_.admin.users.confirmActivate.replace('{{email}}', unverified)).waitFor();
    await screen.confirm(it_.admin.users.activate);
    await screen.notification(it_.success.userActivated).waitFor();
    await screen.userRow(unverified).getByText(it_.userStatus.ACTIVE).waitFor();
    await Api.signIn(baseUrl, unverified, PASSWORD);
    await page.context().close();
  });

  it('moves a technician to another company, shown in the row', async () => {
    const { page, screen } = await adminHome();
    await screen.goto(baseUrl, 'accounts');
    await screen.searchFor(`mover-${run}`);
    await screen.userRow(mover).getByText(`Company of ${mover}`).waitFor();
    await screen.userAction(mover, it_.admin.users.changeCompany);
    const dialog = screen.dialog();
    await dialog.getByLabel(it_.admin.users.company).fill(target.name);
    await page.getByRole('option', { name: new RegExp(target.name) }).click();
    await dialog.getByRole('button', { name: it_.common.save, exact: true }).click();
    await screen.notification(it_.success.companyUpdated).waitFor();
    await screen.userRow(mover).getByText(target.name).waitFor();
    await page.context().close();
  });

  it('refuses an applicant waiting for approval, who is told by mail and cannot sign in', async () => {
    const company = await admin.createCompany(`Officina in attesa ${run}`);
    const since = Date.now();
    await register(applicant, company.code);
    const code = await mailbox.verificationCode(applicant, since);
    const verified = await fetch(
      `${baseUrl}/api/v2/account/email-verification/checkVerificationCode?mail=${encodeURIComponent(applicant)}&code=${code}`,
      { headers: { 'x-brand': 'LUMINA' } },
    );
    expect(verified.status).toBeLessThan(300);

    const { page } = await adminHome();
    const pending = new PendingUsersPage(page);
    await pending.goto(baseUrl);
    await pending.row(applicant).waitFor();
    await pending.decide(applicant, false);
    await page.getByText(it_.success.userDeleted).waitFor();
    await pending.row(applicant).waitFor({ state: 'detached' });
    const mail = await mailbox.waitFor(applicant, { since, predicate: (m) => m.text.includes(it_.mail.accountRejected.body) });
    expect(mail.subject).toContain(it_.mail.accountRejected.subject.replace('{{brand}}', '').trim());
    await expect(Api.signIn(baseUrl, applicant, PASSWORD)).rejects.toThrow();
    await page.context().close();
  });
});

describe('Manage Companies', () => {
  const technician = `tech-${run}@washboard.test`;
  const staffed = `Company of ${technician}`;
  let parent: { code: string; name: string };

  beforeAll(async () => {
    // A technician gets a company of its own: a company with one user.
    await admin.activeAccount(technician, PASSWORD, 'SERVICE');
    parent = await admin.createCompany(`Partner ${run}`);
  });

  it('shows the tree with users, renames a company and refuses to delete one that still has users', async () => {
    const { page, screen } = await adminHome();
    await screen.goto(baseUrl, 'companies');
    const row = screen.companyRow(staffed);
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([expect.stringMatching(/^\d{6}$/), '', '1', '0', '']);

    const renamed = `Officina ${run}`;
    await screen.companyButton('renameNamed', staffed).click();
    await screen.dialog().getByRole('textbox', { name: it_.admin.companies.newName }).fill(renamed);
    await screen.dialog().getByRole('button', { name: it_.common.save, exact: true }).click();
    await screen.notification(it_.success.companyNameSaved).waitFor();
    await screen.companyRow(renamed).waitFor();

    await screen.companyButton('deleteNamed', renamed).click();
    await screen.dialog().getByText(it_.admin.companies.confirmDelete.replace('{{name}}', renamed)).waitFor();
    await screen.confirm(it_.admin.companies.delete);
    await screen.dialog().getByText(it_.apiErrors.COMPANY_HAS_USERS).waitFor();
    await screen.confirm(it_.common.ok);
    expect(await screen.companyRow(renamed).count()).toBe(1);
    await page.context().close();
  });

  it('creates a company below another and deletes it again', async () => {
    const { page, screen } = await adminHome();
    await screen.goto(baseUrl, 'companies');
    const child = `Filiale ${run}`;
    await screen.newCompanyButton().click();
    const dialog = screen.dialog();
    await dialog.getByRole('textbox', { name: it_.admin.companies.name }).fill(child);
    await dialog.getByLabel(it_.admin.companies.parent).fill(parent.name);
    await page.getByRole('option', { name: new RegExp(parent.name) }).click();
    await dialog.getByRole('button', { name: it_.common.save, exact: true }).click();
    await screen.notification(it_.success.companyCreated).waitFor();
    const row = screen.companyRow(child);
    await row.waitFor();
    expect((await row.getByRole('cell').allInnerTexts())[1]).toBe(parent.code);
    await darkAndPhone(page, 'admin-companies');
    await page.setViewportSize({ width: 1366, height: 900 });
    // Below its parent: the parent's toggle hides it and shows it again.
    const toggle = screen
      .companyRow(parent.name)
      .getByRole('button', { name: it_.admin.companies.showBelow.replace('{{name}}', parent.name) });
    await toggle.click();
    await row.waitFor({ state: 'detached' });
    await toggle.click();
    await row.waitFor();

    await screen.companyButton('deleteNamed', child).click();
    await screen.confirm(it_.admin.companies.delete);
    await screen.notification(it_.success.companyDeleted).waitFor();
    await screen.companyRow(child).waitFor({ state: 'detached' });
    await page.context().close();
  });
});
