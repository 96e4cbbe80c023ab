import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogues } from '@washboard/contracts';
import { expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { AdminPage } from '../pom/admin-page';
import { AppShell, IDENTITY_PASSWORD } from '../pom/app-shell';

const baseUrl = inject('baseUrl');
const it_ = catalogues.it;
const run = Date.now().toString(36);
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

async function signedIn(identity: Parameters<typeof AppShell.withIdentity>[1]): Promise<{ page: Page; screen: AdminPage }> {
  const page = await (await newContext(browser, { viewport: { width: 1366, height: 900 } })).newPage();
  await AppShell.withIdentity(page, identity);
  return { page, screen: new AdminPage(page) };
}

describe('the audit trail', () => {
  it('shows an admin the role change it made in Accounts, filtered by that account, and exports it as CSV', async () => {
    const cook = `audit-cook-${run}@washboard.test`;
    await admin.activeAccount(cook, 'Secret123', 'KITCHEN_MANAGER');
    const companyName = (await admin.createCompany(`Audit ${run}`)).name;
    const { page, screen } = await signedIn({ role: 'ADMIN' });

    await screen.goto(baseUrl, 'accounts');
    await screen.searchFor(cook);
    // Header and the one account: the searched page has replaced the first one.
    await expect.poll(() => screen.accountsTable().getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await screen.userAction(cook, it_.admin.users.changeRole);
    const dialog = screen.dialog();
    await dialog.getByRole('combobox', { name: it_.admin.users.newRole }).selectOption('SERVICE');
    await dialog.getByLabel(it_.admin.users.company).fill(run);
    await page.getByRole('option', { name: new RegExp(companyName) }).click();
    await dialog.getByRole('button', { name: it_.common.save, exact: true }).click();
    await screen.notification(it_.success.roleUpdated).waitFor();

    await screen.tab('audit').click();
    await page.waitForURL(/tab=audit/);
    await screen.filterAuditByAccount(cook);
    // The page before the filter stays on screen until the filtered one arrives: wait until every
    // row but the header is about this account (other specs leave records of their own).
    await expect
      .poll(() => screen.auditTable().getByRole('row').filter({ hasNotText: cook }).count(), { timeout: 10_000 })
      .toBe(1);
    const change = screen.auditRows(it_.admin.audit.actions.account.role);
    await expect.poll(() => change.count(), { timeout: 10_000 }).toBe(1);
    const text = await change.innerText();
    expect(text).toContain(ADMIN.email);
    expect(text).toContain(cook);
    expect(text).toContain(`${it_.roles.KITCHEN_MANAGER} → ${it_.roles.SERVICE}`);
    // The activation that made the account is the account's other record.
    await screen.auditRows(it_.admin.audit.actions.account.activate).waitFor();
    await expectNoRawKeys(page);

    // The filter is in the address: a reload shows the same records.
    await page.reload();
    await change.waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), screen.auditExportButton().click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('id,at,actor_email,actor_id,action,target_kind,target_id,target,before,after,request_id');
    expect(lines.slice(1).map((l) => l.split(',')[4])).toEqual(['account.role', 'account.activate']);
    expect(lines[1]).toContain('""role"":""KITCHEN_MANAGER""');
    expect(lines[1]).toContain('""role"":""SERVICE""');

    await screenshot(page, 'admin-audit-light');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'admin-audit-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: it_.admin.tabs.audit }).waitFor();
    await screenshot(page, 'admin-audit-390-dark');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'admin-audit-390-light');
    // An export the network cuts off says so.
    await page.route('**/api/v1/audit.csv?*', (route) => route.abort('internetdisconnected'));
    await screen.auditExportButton().click();
    await page.getByText(it_.admin.audit.exportFailed).waitFor();
    await page.context().close();
  });

  it('is not shown to a holder of only PRODUCTS, and the API refuses it the trail', async () => {
    const email = `audit-products-${run}@washboard.test`;
    const { page, screen } = await signedIn({ email, role: 'KITCHEN_MANAGER', administrationProfile: ['PRODUCTS'] });
    await screen.goto(baseUrl, 'audit');
    expect(await screen.tabNames()).toEqual([it_.admin.tabs.manageProducts]);
    const holder = await Api.signIn(baseUrl, email, IDENTITY_PASSWORD);
    expect(await holder.status('GET', '/api/v1/audit')).toBe(403);
    expect(await holder.status('GET', '/api/v1/audit.csv')).toBe(403);
    await page.context().close();
  });
});
