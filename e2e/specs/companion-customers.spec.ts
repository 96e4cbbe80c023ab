import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { catalogues } from '@washboard/contracts';
import type { VirtualDishwasher } from '@washboard/simulator';
import { expectNoRawKeys, launchBrowser, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { openPage } from '../fixtures/pages';
import { claimedVirtualMachine, createProduct } from '../fixtures/virtual-machine';
import { CompanionCustomers } from '../pom/companion-customers';
import { IDENTITY_PASSWORD } from '../pom/app-shell';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const TECH = 'tech-customers@washboard.test';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let browser: Browser;
let admin: Api;
let machine: VirtualDishwasher;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  machine = await claimedVirtualMachine(admin, mqttPort, 'Lavastoviglie Osteria');
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await machine?.close();
  await browser?.close();
});

/** The technician's phone, signed in; the machine is serviced by its company. */
async function technicianPhone(colorScheme: 'light' | 'dark' = 'light') {
  const page = await openPage(browser, contexts, { ...PHONE, colorScheme }, {}, { role: 'SERVICE', email: TECH });
  await admin.post('/api/v1/appliance/claim', { serialNumber: machine.serial, userEmail: TECH });
  return new CompanionCustomers(page);
}

describe('companion: customers', () => {
  it('creates a customer and assigns a machine to it', async () => {
    const screen = await technicianPhone();
    const text = it_.mobile.customers;
    await screen.gotoCustomers(baseUrl);
    await screen.button(text.new).click();
    await screen.page.getByRole('heading', { name: text.new }).waitFor();
    // The form checks with the server's schema: no surname, no save.
    await screen.field(text.name).fill('Osteria');
    await screen.button(it_.common.save).click();
    await screen.page.getByText(it_.validation.mandatory).waitFor();
    await screen.field(text.surname).fill('Del Ponte');
    await screen.field(text.city).fill('Verona');
    await screen.field(text.email).fill('osteria@ponte.test');
    await screen.button(it_.common.save).click();
    await screen.page.getByRole('heading', { name: text.title }).waitFor();
    // The notice came with the way back to the list: the route change does not clear it.
    await screen.page.getByText(text.saved).waitFor();

    await screen.field(text.search).fill('verona');
    await screen.page.getByText('Del Ponte Osteria').click();
    await screen.page.getByRole('heading', { name: text.modify }).waitFor();
    await screen.choose(text.machine, new RegExp(machine.serial));
    await screen.button(text.assign).click();
    await screen.page.getByTestId('assigned-machine').getByText(machine.serial, { exact: false }).waitFor();
    await expectNoRawKeys(screen.page);
    await screenshot(screen.page, 'companion-customer-light');

    const customers = await (
      await Api.signIn(baseUrl, TECH, IDENTITY_PASSWORD)
    ).get<{ items: { surname: string; machines: number }[] }>('/api/v1/customers?q=ponte');
    expect(customers.items).toEqual([expect.objectContaining({ surname: 'Del Ponte', machines: 1 })]);
  });
});

describe('companion: reaching a customer', () => {
  it('calls and e-mails the customer from the record, and says so when no app sends e-mail', async () => {
    const screen = await technicianPhone();
    const text = it_.mobile.customers;
    const tech = await Api.signIn(baseUrl, TECH, IDENTITY_PASSWORD);
    const customer = await tech.post<{ id: string }>('/api/v1/customers', {
      name: 'Trattoria',
      surname: 'Rossi',
      email: 'trattoria@rossi.test',
      phone: '+39 045 123 4567',
    });
    await screen.page.goto(`${baseUrl}/app/customers/${customer.id}`);
    await screen.page.getByRole('heading', { name: text.modify }).waitFor();
    const call = screen.page.getByRole('link', { name: text.call });
    const mail = screen.page.getByRole('link', { name: text.sendEmail });
    expect(await call.getAttribute('href')).toBe('tel:+390451234567');
    expect(await mail.getAttribute('href')).toBe('mailto:trattoria@rossi.test');
    // This browser has no mail app: nothing takes the page's place, and the phone says why.
    await mail.click();
    await screen.page.getByText(it_.errors.noMailApp).waitFor({ timeout: 5_000 });
    await screenshot(screen.page, 'companion-customer-no-mail-app');
    // Where a mail app opens, it takes the focus from the page: nothing is said.
    await screen.page.getByText(it_.errors.noMailApp).waitFor({ state: 'detached', timeout: 10_000 });
    await mail.click();
    await screen.page.evaluate(() => window.dispatchEvent(new Event('blur')));
    await screen.page.waitForTimeout(2_500);
    expect(await screen.page.getByText(it_.errors.noMailApp).count()).toBe(0);
  });
});

describe('companion: picking among many machines', () => {
  it('finds a machine past the first page of the list by what is typed', async () => {
    // 55 machines: the list answers 50 at a time, so the last ones are not among the first offered.
    const email = 'tech-many@washboard.test';
    const prefix = `PICK${Date.now().toString(36).toUpperCase()}`;
    const serials = Array.from({ length: 55 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);
    const page = await openPage(browser, contexts, PHONE, {}, { role: 'SERVICE', email });
    for (const serialNumber of serials) {
      await createProduct(admin, { serialNumber });
      await admin.post('/api/v1/appliance/claim', { serialNumber, userEmail: email });
    }
    const last = serials.at(-1) ?? '';
    const tech = await Api.signIn(baseUrl, email, IDENTITY_PASSWORD);
    const customer = await tech.post<{ id: string }>('/api/v1/customers', { surname: 'Bianchi', name: 'Trattoria' });
    const screen = new CompanionCustomers(page);
    const text = it_.mobile.customers;
    await page.goto(`${baseUrl}/app/customers/${customer.id}`);
    await page.getByRole('heading', { name: text.modify }).waitFor();

    const picker = page.getByRole('combobox', { name: text.machine });
    await picker.click();
    await page.getByRole('option', { name: new RegExp(serials[0] ?? '') }).waitFor();
    expect(await page.getByRole('option', { name: new RegExp(last) }).count()).toBe(0);
    await picker.fill(last);
    await page.getByRole('option', { name: new RegExp(last) }).click();
    await screen.button(text.assign).click();
    await page.getByTestId('assigned-machine').getByText(last, { exact: false }).waitFor();
  });
});

/**
 * A customer of the technician's, opened on the phone and its city changed while offline: the change
 * is kept for the network. The phone stays offline.
 */
async function cityChangedOffline(names: { surname: string; name: string }, city: string) {
  const screen = await technicianPhone();
  const text = it_.mobile.customers;
  const tech = await Api.signIn(baseUrl, TECH, IDENTITY_PASSWORD);
  const customer = await tech.post<{ id: string }>('/api/v1/customers', names);
  await screen.page.goto(`${baseUrl}/app/customers/${customer.id}`);
  await screen.page.getByRole('heading', { name: text.modify }).waitFor();
  await screen.page.context().setOffline(true);
  await screen.field(text.city).fill(city);
  await screen.button(it_.common.save).click();
  await screen.page.getByText(text.queued).waitFor();
  return { screen, tech, customer };
}

describe('companion: a change refused after waiting for the network', () => {
  it("names the refused change with the server's reason and keeps it until dropped", async () => {
    const text = it_.mobile.customers;
    const { screen, tech, customer } = await cityChangedOffline({ surname: 'Verdi', name: 'Pizzeria' }, 'Padova');
    // Meanwhile the customer is deleted: the change waiting on the phone will be refused.
    expect(await tech.status('DELETE', `/api/v1/customers/${customer.id}`)).toBe(200);
    await screen.page.context().setOffline(false);

    const refused = screen.page
      .getByRole('alert')
      .filter({ hasText: it_.mobile.offline.refused.replace('{{label}}', `${text.modify}: Verdi Pizzeria`) });
    await refused.getByText(it_.apiErrors.CUSTOMER_NOT_FOUND).waitFor();
    await expectNoRawKeys(screen.page);
    await screenshot(screen.page, 'companion-customer-refused');
    // Still there after a reload, until dropped.
    await screen.gotoCustomers(baseUrl);
    await refused.waitFor();
    await refused.getByRole('button', { name: it_.mobile.offline.drop }).click();
    await expect.poll(() => refused.count()).toBe(0);
    await screen.gotoCustomers(baseUrl);
    await expect(refused.count()).resolves.toBe(0);
  });
});

describe('companion: changes sent once the network is back', () => {
  it('says a sync is in progress, and the browser asks before the page is closed meanwhile', async () => {
    const { screen, tech, customer } = await cityChangedOffline({ surname: 'Gialli', name: 'Trattoria' }, 'Lecco');

    // The change is held on its way to the server until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The context's route: it sees the calls of the page's service worker too.
    await screen.page.context().route(`**/api/v1/customers/${customer.id}`, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await screen.page.context().setOffline(false);
    const syncing = screen.page.getByTestId('sync-in-progress');
    await syncing.getByText(it_.mobile.syncInProgress).waitFor();
    await screenshot(screen.page, 'companion-sync-in-progress');
    const asked = new Promise<string>((resolve) =>
      screen.page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await screen.page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    expect(screen.page.isClosed()).toBe(false);
    release();
    await expect.poll(() => syncing.count()).toBe(0);
    await expect.poll(async () => (await tech.get<{ city: string }>(`/api/v1/customers/${customer.id}`)).city).toBe('Lecco');
  });
});

describe('companion: a change made offline to a customer someone saved meanwhile', () => {
  it('is refused with the reason and does not overwrite their save', async () => {
    const screen = await technicianPhone();
    const text = it_.mobile.customers;
    const tech = await Api.signIn(baseUrl, TECH, IDENTITY_PASSWORD);
    const customer = await tech.post<{ id: string }>('/api/v1/customers', { surname: 'Neri', name: 'Enoteca', city: 'Asti' });
    await screen.page.goto(`${baseUrl}/app/customers/${customer.id}`);
    await screen.page.getByRole('heading', { name: text.modify }).waitFor();

    await screen.page.context().setOffline(true);
    await screen.field(text.city).fill('Alba');
    await screen.button(it_.common.save).click();
    await screen.page.getByText(text.queued).waitFor();
    // A second change on the phone, still offline: it replaces the first, it does not collide with it.
    await screen.field(text.city).fill('Bra');
    await screen.button(it_.common.save).click();
    // Meanwhile someone else saves the customer.
    await tech.put(`/api/v1/customers/${customer.id}`, { surname: 'Neri', name: 'Enoteca', city: 'Torino' });
    await screen.page.context().setOffline(false);

    // One refused change listed in the queue's panel once it has replayed all it held: the second
    // change replaced the first. (A notice names it too when the second save itself replayed the
    // queue, the network being back before that save was stored: a slow host.)
    const queue = screen.page.getByTestId('offline-queue');
    const refused = queue
      .getByRole('alert')
      .filter({ hasText: it_.mobile.offline.refused.replace('{{label}}', `${text.modify}: Neri Enoteca`) });
    await refused.getByText(it_.apiErrors.CUSTOMER_CHANGED).waitFor();
    await expect.poll(() => queue.getByRole('status').count()).toBe(0);
    await expect.poll(() => screen.page.getByTestId('sync-in-progress').count()).toBe(0);
    expect(await refused.count()).toBe(1);
    const now = await tech.get<{ city: string }>(`/api/v1/customers/${customer.id}`);
    expect(now.city).toBe('Torino');
    await refused.getByRole('button', { name: it_.mobile.offline.drop }).click();
  });
});

describe('companion: settings profiles', () => {
  it("creates a profile from the model's defaults, modifies it, applies it to a machine and reads the machine back", async () => {
    const screen = await technicianPhone();
    const text = it_.mobile.settingsProfiles;
    await screen.gotoProfiles(baseUrl);
    await screen.page.getByText(text.empty).waitFor();
    await screen.field(text.name).fill('Estate');
    await screen.choose(text.modelNumber, /WB-500/);
    await screen.button(text.create).click();
    await screen.page.getByRole('heading', { name: text.modify }).waitFor();

    // S12, the boiler's standby temperature: 70 °C by default, 50–80 °C allowed.
    expect(await screen.parameter('S12').inputValue()).toBe('70');
    await screen.parameter('S12').fill('95');
    await screen.page.getByText(it_.validation.valueNotAllowed, { exact: true }).waitFor();
    await screen.parameter('S12').fill('65');
    await screen.page.getByRole('button', { name: it_.parameters.save }).click();
    await screen.dialog().getByText(text.saved).waitFor();
    await screen.dialog().getByRole('button', { name: it_.common.ok }).click();

    expect(machine.params.S12).toBe(700);
    await screen.choose(text.machine, new RegExp(machine.serial));
    await screen.button(text.applyButton).click();
    const result = screen.page.getByTestId('apply-result');
    await result.getByText(text.outcomes.applied).first().waitFor();
    expect(machine.params.S12).toBe(650);
    await screenshot(screen.page, 'companion-settings-profile-light');

    const tech = await Api.signIn(baseUrl, TECH, IDENTITY_PASSWORD);
    await expect
      .poll(
        async () =>
          (await tech.get<{ values: Record<string, number> }>(`/api/v1/event-hub-listener/event/${machine.serial}/parameters`))
            .values.S12,
      )
      .toBe(650);
  });

  it('looks right in the dark at phone width', async () => {
    const screen = await technicianPhone('dark');
    await screen.gotoProfiles(baseUrl);
    await screen.page.getByText('Estate').waitFor();
    await screenshot(screen.page, 'companion-settings-profiles-dark');
    await screen.gotoCustomers(baseUrl);
    await screen.page.getByText('Del Ponte Osteria').waitFor();
    await screenshot(screen.page, 'companion-customers-dark');
  });
});
