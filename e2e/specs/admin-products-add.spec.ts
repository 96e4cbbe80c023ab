import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { catalogues, type TAdminProfile } from '@washboard/contracts';
import { expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { AdminPage } from '../pom/admin-page';
import { AddProductsPage } from '../pom/add-products-page';
import { AppShell, IDENTITY_PASSWORD } from '../pom/app-shell';
import { interpolate } from '../pom/labels';

const baseUrl = inject('baseUrl');
const it_ = catalogues.it;
const run = Date.now().toString(36).toUpperCase();
const HEADER = 'serialNumber,modelNumber,fw00,fw02,gamma,ratingPower';
const HOLDER = `holder-add-products-${run.toLowerCase()}@washboard.test`;
let browser: Browser;
let admin: Api;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

/** The Add Products tab, as the admin or as a kitchen manager holding only ADD_PRODUCTS. */
async function addProducts(
  as: 'admin' | 'holder',
  options: BrowserContextOptions = {},
): Promise<{ page: Page; screen: AddProductsPage }> {
  const page = await (
    await newContext(browser, { viewport: { width: 1366, height: 900 }, acceptDownloads: true, ...options })
  ).newPage();
  const profiles: TAdminProfile[] = ['ADD_PRODUCTS'];
  if (as === 'holder')
    await AppShell.withIdentity(page, { email: HOLDER, role: 'KITCHEN_MANAGER', administrationProfile: profiles });
  else await AppShell.withIdentity(page, { role: 'ADMIN' });
  const screen = new AddProductsPage(page);
  await screen.goto(baseUrl);
  return { page, screen };
}

/** The HTTP status of a machine's details for the admin: 200 when the product exists, 404 when not. */
const detailStatus = (serial: string) => admin.status('GET', `/api/v1/appliance/getApplianceDetail?serialNumber=${serial}`);

describe('Add Products', () => {
  it('adds one product as an admin and shows its device secret once, gone after leaving the tab', async () => {
    const { page, screen } = await addProducts('admin');
    const serial = `E2E1${run}`;
    const product = { serialNumber: serial, model: 'WB-500', fw00: '1.0.0', fw02: '1.0.1', gamma: 'Prime', ratingPower: 'M3' };
    await screen.addProduct(product);
    await new AdminPage(page).notification(it_.success.productInserted).waitFor();
    await screen.secretPanel(serial).waitFor();
    expect(await screen.secretPanel(serial).innerText()).toContain(it_.admin.addProduct.secretWarning);
    const secret = await screen.secret().innerText();
    expect(secret).toMatch(/^[\w-]{32}$/);
    const file = await screen.download(it_.admin.addProduct.download);
    expect(file).toEqual({
      fileName: `${serial}-secret.csv`,
      text: `serialNumber,deviceSecret,modelNumber\r\n${serial},${secret},WB-500\r\n`,
    });
    await expectNoRawKeys(page);
    await screenshot(page, 'admin-products-add-secret');
    expect(await detailStatus(serial)).toBe(200);

    // Adding the same serial number again fails, saying why.
    await screen.addProduct(product);
    await page.getByRole('alert').filter({ hasText: it_.apiErrors.APPLIANCE_ALREADY_EXISTS }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: it_.apiErrors.APPLIANCE_ALREADY_EXISTS }).innerText()).toContain(
      it_.errors.addProductFailed,
    );

    // Another tab and back: the secret is gone for good.
    await new AdminPage(page).tab('accounts').click();
    await new AdminPage(page).accountsTable().waitFor();
    await new AdminPage(page).tab('addProducts').click();
    await page.getByRole('heading', { name: it_.admin.addProduct.title }).waitFor();
    expect(await screen.secret().count()).toBe(0);
    expect(await page.getByText(secret).count()).toBe(0);
    await page.context().close();
  });

  it('refuses a CSV file with one bad row as a holder of only ADD_PRODUCTS: the row is named and nothing is written', async () => {
    const { page, screen } = await addProducts('holder');
    expect(await new AdminPage(page).tabNames()).toEqual([it_.admin.tabs.addProducts]);
    const holder = await Api.signIn(baseUrl, HOLDER, IDENTITY_PASSWORD);
    expect(await holder.status('GET', '/api/v1/account/users/page')).toBe(403);
    expect(await holder.status('GET', '/api/v1/account/companies/tree')).toBe(403);
    expect(await holder.status('POST', `/api/v1/appliance/unclaim?serialNumber=E2E1${run}&userEmail=${ADMIN.email}`)).toBe(403);

    const good = [`E2E2${run}A`, `E2E2${run}B`];
    const csv = [HEADER, `${good[0]},WB-500,1.0,1.0,infinity,M2`, `${good[1]},WB-500,1.0,1.0,infinity,M7`].join('\n');
    await screen.importCsv(csv);
    await page
      .getByRole('alert')
      .filter({ hasText: interpolate(it_.admin.import.refused_one, { count: 1 }) })
      .waitFor();
    const rows = await screen.problemTable().getByRole('row').allInnerTexts();
    expect(rows.slice(1).map((r) => r.split('\t').map((c) => c.trim()))).toEqual([
      ['3', `${it_.admin.addProduct.ratingPower} (ratingPower)`, it_.admin.import.reasons.notAllowed],
    ]);
    await expectNoRawKeys(page);
    await screenshot(page, 'admin-products-add-refused');
    for (const serial of good) expect(await detailStatus(serial)).toBe(404);
    await page.context().close();
  });

  it('imports a good CSV file and downloads the secrets of the new products, in light and dark, at 1366 and 390 px', async () => {
    const { page, screen } = await addProducts('admin');
    const template = await screen.download(it_.admin.import.template);
    expect(template.fileName).toBe('products-template.csv');
    expect(template.text.split('\r\n')[0]).toBe(`${HEADER},revision,type,country`);

    const serials = [`E2E3${run}A`, `E2E3${run}B`, `E2E3${run}C`];
    await screen.importCsv([HEADER, ...serials.map((s) => `${s},WB-700,2.0,2.1,hiline,E3`)].join('\r\n'));
    await page.getByRole('status', { name: interpolate(it_.admin.import.imported_other, { count: 3 }) }).waitFor();
    const secrets = await screen.download(it_.admin.import.downloadSecrets);
    expect(secrets.fileName).toBe('device-secrets.csv');
    const lines = secrets.text.trim().split('\r\n');
    expect(lines[0]).toBe('serialNumber,deviceSecret,modelNumber');
    expect(lines.slice(1).map((l) => l.split(','))).toEqual(
      serials.map((s) => [s, expect.stringMatching(/^[\w-]{32}$/), 'WB-700']),
    );
    for (const serial of serials) expect(await detailStatus(serial)).toBe(200);
    await expectNoRawKeys(page);

    await screenshot(page, 'admin-products-add-imported-light');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'admin-products-add-imported-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'admin-products-add-imported-390-dark');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'admin-products-add-imported-390-light');

    // Gone once the user says the secrets are saved.
    await screen.button(it_.admin.import.secretsSaved).click();
    expect(await screen.button(it_.admin.import.downloadSecrets).count()).toBe(0);

    // The audit trail holds the import as one record, found by any of its machines.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${baseUrl}/adminhome?tab=audit&serial=${serials[1]}`);
    const admin = new AdminPage(page);
    const record = admin.auditRows(it_.admin.audit.actions.product.import);
    await record.waitFor();
    expect(await admin.auditTable().getByRole('row').count()).toBe(2);
    const text = await record.innerText();
    expect(text).toContain(`${it_.admin.audit.kinds.import} ${serials[0]} … ${serials[2]}`);
    expect(text).toContain(`${it_.admin.audit.fields.products}: 3`);
    expect(text).toContain(`${it_.admin.audit.fields.modelNumber}: WB-700`);
    await expectNoRawKeys(page);
    await screenshot(page, 'admin-audit-import');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: it_.admin.tabs.audit }).waitFor();
    await screenshot(page, 'admin-audit-import-390');
    await page.context().close();
  });
});
