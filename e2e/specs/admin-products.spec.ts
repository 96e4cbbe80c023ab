import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogues, type TAdminProfile } from '@washboard/contracts';
import { expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { AdminPage } from '../pom/admin-page';
import { AppShell, IDENTITY_PASSWORD } from '../pom/app-shell';
import { DevicesPage } from '../pom/devices-page';
import { ProductsTable } from '../pom/products-table';

const baseUrl = inject('baseUrl');
const it_ = catalogues.it;
const run = Date.now().toString(36).toUpperCase();
const serial = (suffix: string) => `PM${run}-${suffix}`;
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  const product = (suffix: string, modelNumber: string, gamma: string) =>
    admin.post('/api/v1/appliance/products', {
      serialNumber: serial(suffix),
      modelNumber,
      gamma,
      fw00: '1.0',
      fw02: '1.0',
      ratingPower: 'M3',
    });
  await product('A', 'WB-700', 'infinity');
  await product('B', 'WB-500', 'hiline');
  await product('C', 'WB-600', 'prime');
});
afterAll(async () => {
  await browser.close();
});

/** A tab signed in as the admin, or as a kitchen manager holding only `profiles`. */
async function signedIn(user: { email?: string; profiles?: TAdminProfile[] } = {}): Promise<Page> {
  const page = await (await newContext(browser, { viewport: { width: 1366, height: 900 } })).newPage();
  if (user.email)
    await AppShell.withIdentity(page, { email: user.email, role: 'KITCHEN_MANAGER', administrationProfile: user.profiles });
  else await AppShell.withIdentity(page, { role: 'ADMIN' });
  return page;
}

async function productsTab(page: Page): Promise<ProductsTable> {
  await new AdminPage(page).goto(baseUrl, 'products');
  const table = new ProductsTable(page);
  await new AdminPage(page).searchFor(`PM${run}`);
  await table.row(serial('B')).waitFor();
  return table;
}

describe('Manage Products', () => {
  const cook = `cook-products-${run.toLowerCase()}@washboard.test`;

  it('searches and sorts the table, claims a product for a kitchen manager who then sees it, unclaims and deletes', async () => {
    // The kitchen manager's own tab, open before anything is claimed for it.
    const cookPage = await signedIn({ email: cook });
    const devices = new DevicesPage(cookPage);
    await devices.goto(baseUrl);

    const page = await signedIn();
    const table = await productsTab(page);
    await expectNoRawKeys(page);
    // The first page may still be the unfiltered one when row B shows; wait for the search.
    await expect.poll(() => table.serials(), { timeout: 10_000 }).toEqual([serial('A'), serial('B'), serial('C')]);
    await table.sortBy('modelNumber');
    await page.waitForURL(/sort=modelNumber/);
    await expect.poll(() => table.serials(), { timeout: 10_000 }).toEqual([serial('B'), serial('C'), serial('A')]);
    await table.sortBy('modelNumber');
    await expect.poll(() => table.serials(), { timeout: 10_000 }).toEqual([serial('A'), serial('C'), serial('B')]);
    // The range by its name, and the address keeps the search and sort across a reload.
    await new AdminPage(page).searchFor(`hiline PM${run}`);
    await expect.poll(() => table.serials(), { timeout: 10_000 }).toEqual([serial('B')]);
    await page.reload();
    await table.row(serial('B')).waitFor();
    await expect.poll(() => table.serials(), { timeout: 10_000 }).toEqual([serial('B')]);
    await new AdminPage(page).searchFor(`PM${run}`);
    await table.row(serial('C')).waitFor();

    await table.action(serial('A'), it_.admin.products.claim);
    await table.pickAccount(cook.split('@')[0] ?? cook, cook);
    await screenshot(page, 'admin-products-claim');
    await page.getByRole('dialog').getByRole('button', { name: it_.admin.products.claim, exact: true }).click();
    await new AdminPage(page).notification(it_.success.applianceClaimed).waitFor();
    await table.row(serial('A')).getByText(cook).waitFor();
    expect(await table.row(serial('A')).innerText()).toContain(it_.roles.KITCHEN_MANAGER);

    // The kitchen manager sees it in the device list (the push channel tells the open tab).
    await cookPage.reload();
    await devices.card('My device').waitFor();
    await cookPage.context().close();

    await table.action(serial('A'), it_.admin.products.unclaim);
    expect(await page.getByRole('dialog').getByLabel(it_.admin.products.claimUserEmail).inputValue()).toBe(cook);
    await page.getByRole('dialog').getByRole('button', { name: it_.admin.products.unclaim, exact: true }).click();
    await new AdminPage(page).notification(it_.success.productUnclaimed).waitFor();
    await table.row(serial('A')).getByText(cook).waitFor({ state: 'detached' });

    await table.action(serial('C'), it_.admin.products.delete);
    await page.getByRole('dialog').getByText(it_.admin.products.confirmDelete).waitFor();
    await screenshot(page, 'admin-products-delete');
    await new AdminPage(page).confirm(it_.admin.products.delete);
    await new AdminPage(page).notification(it_.success.productDeleted).waitFor();
    await table.row(serial('C')).waitFor({ state: 'detached' });
    expect(await admin.status('DELETE', `/api/v1/appliance/products/${serial('C')}`)).toBe(404);

    await screenshot(page, 'admin-products-light');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'admin-products-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('listitem')
      .filter({ hasText: serial('A') })
      .waitFor();
    await screenshot(page, 'admin-products-390-dark');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'admin-products-390-light');
    await page.context().close();
  });

  it('shows a holder of PRODUCTS only Manage Products, and the API refuses it the other tabs', async () => {
    const holder = `holder-products-${run.toLowerCase()}@washboard.test`;
    const page = await signedIn({ email: holder, profiles: ['PRODUCTS'] });
    const screen = new AdminPage(page);
    await screen.goto(baseUrl, 'accounts');
    expect(await screen.tabNames()).toEqual([it_.admin.tabs.manageProducts]);
    const table = await productsTab(page);
    await table.sortBy('serialNumber');
    await expect.poll(() => table.serials(), { timeout: 10_000 }).toEqual([serial('B'), serial('A')]);
    const api = await Api.signIn(baseUrl, holder, IDENTITY_PASSWORD);
    expect(await api.status('GET', '/api/v1/appliance/products')).toBe(200);
    expect(await api.status('GET', '/api/v1/appliance/products/accounts?q=cook')).toBe(200);
    expect(await api.status('GET', '/api/v1/account/users/page')).toBe(403);
    expect(await api.status('GET', '/api/v1/account/companies/tree')).toBe(403);
    expect(await api.status('GET', '/api/v1/account/users')).toBe(403);
    await page.context().close();
  });
});
