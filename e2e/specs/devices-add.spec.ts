import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { catalogues, type TLanguage } from '@washboard/contracts';
import { QUIET_ACTIVITY, VirtualDishwasher } from '@washboard/simulator';
import { launchBrowser, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { openPage } from '../fixtures/pages';
import { createProduct } from '../fixtures/virtual-machine';
import { DevicesPage } from '../pom/devices-page';
import { AppShell } from '../pom/app-shell';
import { LoginPage } from '../pom/login-page';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const run = Date.now().toString(36).toUpperCase();
const manager = { email: `sm-${run.toLowerCase()}@service.test`, password: 'Passw0rd!' };
let browser: Browser;
let admin: Api;
let machine: VirtualDishwasher;
let companyCode = '';
const contexts: BrowserContext[] = [];
/** The virtual dishwasher's serial number and a second, never connected product (prime). */
const serialNumber = `ADD-${run}`;
const otherSerial = `ADD-${run}-P`;
const otherName = `Cucina ${run}`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  // A service manager of a fresh company: it sees only what its company adds.
  const company = await admin.createCompany(`Assistenza ${run}`);
  companyCode = company.code;
  await admin.activeServiceManager(manager.email, manager.password, company.code);
  const deviceSecret = await createProduct(admin, { serialNumber, modelNumber: 'WB-300', gamma: 'hiline', ratingPower: 'M2' });
  await createProduct(admin, { serialNumber: otherSerial, modelNumber: 'WB-700', gamma: 'prime', ratingPower: 'M3' });
  // Switched off at the main switch; 300 machine seconds per real second make its start-up take seconds.
  machine = new VirtualDishwasher({
    serial: serialNumber,
    secret: deviceSecret,
    broker: `mqtt://127.0.0.1:${mqttPort}`,
    gamma: 'hiline',
    seed: 7,
    initialState: 'OFF',
    activity: QUIET_ACTIVITY,
    speed: 300,
    telemetryIntervalSeconds: 2,
    mqtt: { reconnectPeriod: 500 },
  });
  await machine.connect();
  machine.start(200);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  machine?.stop();
  await machine?.close();
  await browser?.close();
});

async function signedIn(
  options: BrowserContextOptions = {},
  storage: Record<string, string> = {},
  lang: TLanguage = 'it',
): Promise<{ page: Page; devices: DevicesPage }> {
  const page = await openPage(browser, contexts, options, storage);
  const login = new LoginPage(page);
  await login.goto(baseUrl);
  await login.signIn(manager.email, manager.password);
  await page.waitForURL('**/devices');
  await new DevicesPage(page).heading().waitFor();
  // The account's language (Italian) comes with the sign-in; another one is picked in the top bar.
  if (lang !== 'it') await new AppShell(page, 'it').languagePicker().selectOption(lang);
  const devices = new DevicesPage(page, lang);
  await devices.heading().waitFor();
  return { page, devices };
}

describe('device list: adding a machine by its code, live state, actions and filters', () => {
  it('adds the machine by the code on its display and follows it live from OFF to a running cycle', async () => {
    const { page, devices } = await signedIn();
    await devices.emptyMessage().waitFor();
    expect(await devices.emptyMessage().textContent()).toContain(it_.devices.empty);
    await screenshot(page, 'devices-empty');

    // The person presses the machine's show-code button and reads the six digits off its display.
    machine.pressShowCode();
    const code = machine.display;
    expect(code).toMatch(/^\d{6}$/);

    // A wrong code is refused with the catalogue's message; the dialog stays open.
    const wrong = code === '000000' ? '111111' : '000000';
    await devices.addDevice(wrong, serialNumber);
    const dialog = devices.addDeviceDialog();
    await expect.poll(() => dialog.getByTestId('add-device-error').textContent()).toBe(it_.apiErrors.ACTIVATION_CODE_INVALID);
    expect(await dialog.getByLabel(it_.devices.addDevice.applianceName).inputValue()).toBe(it_.devices.defaultName);
    await screenshot(page, 'devices-add-wrong-code');

    await dialog.getByLabel(it_.devices.addDevice.activationCode).fill(code);
    await dialog.getByRole('button', { name: it_.devices.addDevice.submit, exact: true }).click();
    await page.getByText(it_.success.deviceAdded).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const card = devices.card(it_.devices.defaultName);
    await expect.poll(() => card.textContent()).toContain(serialNumber);
    await expect.poll(() => card.textContent()).toContain(it_.devices.status.online);
    await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.OFF);

    // Live: the main switch, the start-up, READY, then a cycle from the front panel — no reload.
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    machine.powerOn();
    await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.STARTUP);
    await expect.poll(() => card.getByTestId('machine-state').textContent(), { timeout: 30_000 }).toBe(it_.machineState.IDLE);
    machine.startCycle('long');
    await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.RUN);
    await expect.poll(() => card.textContent()).toContain(it_.cycles.long);
    expect(navigations).toBe(0);
    await screenshot(page, 'devices-live-running');
  });

  it('shows a fresh code on the machine display, never on the page, and resets the presets after a confirmation', async () => {
    const { page, devices } = await signedIn();
    const before = machine.claimingCode?.expiresAt;
    await devices.cardAction(it_.devices.defaultName, 'showCode');
    await page.getByText(it_.devices.showCode.message).waitFor();
    await expect.poll(() => machine.claimingCode?.expiresAt).not.toBe(before);
    const shown = machine.claimingCode?.code ?? '';
    expect(shown).toMatch(/^\d{6}$/);
    expect(await page.locator('body').innerText()).not.toContain(shown);
    await screenshot(page, 'devices-show-code');
    await page.getByRole('button', { name: it_.common.ok, exact: true }).click();

    // The machine answers the command; only its answer (ok) makes the success message appear.
    await devices.cardAction(it_.devices.defaultName, 'resetPresets');
    await page.getByText(it_.devices.resetPresets.confirm).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: it_.devices.resetPresets.button }).click();
    await page.getByText(it_.success.presetsRestored).waitFor({ timeout: 20_000 });
  });

  it('narrows the list by range, connectivity and company, sorts both ways and keeps the filters in the address', async () => {
    // An administrator binds the never connected prime machine to the service manager (PRODUCTS/ADMIN).
    await admin.post('/api/v1/appliance/claim', {
      serialNumber: otherSerial,
      userEmail: manager.email,
      applianceName: otherName,
    });
    const { page, devices } = await signedIn();
    await expect.poll(() => devices.cards().count()).toBe(2);
    // Sorted by appliance name: "Cucina …" before "Il mio dispositivo", and the other way round.
    await expect.poll(() => devices.cards().first().getAttribute('aria-label')).toBe(otherName);
    await devices.sortButton().click();
    await expect.poll(() => devices.cards().first().getAttribute('aria-label')).toBe(it_.devices.defaultName);
    await devices.sortButton().click();

    await devices.gammaFilter().selectOption('prime');
    await expect.poll(() => devices.cards().count()).toBe(1);
    expect(await devices.cards().first().getAttribute('aria-label')).toBe(otherName);
    expect(page.url()).toContain('gamma=prime');
    await devices.gammaFilter().selectOption('none');
    await page.getByText(it_.common.noResults).waitFor();
    await devices.gammaFilter().selectOption('');

    // Both machines are serviced by the manager's company: the company filter offers it and keeps both.
    // It names the company only: its code lets a technician ask to join it, and is nobody's business here.
    const choices = await devices.companyFilter().locator('option').allTextContents();
    expect(choices).toHaveLength(2);
    expect(choices.join(' ')).not.toMatch(/\d{6}/);
    await devices.companyFilter().selectOption(companyCode);
    expect(page.url()).toContain(`company=${companyCode}`);
    await expect.poll(() => devices.cards().count()).toBe(2);
    await devices.companyFilter().selectOption('');

    // Two choices made before the page draws again (here in one go) both hold: the second does not
    // bring back the address as it was before the first.
    const [gammaSelect, companySelect] = await Promise.all(
      [devices.gammaFilter(), devices.companyFilter()].map((l) => l.elementHandle()),
    );
    await page.evaluate(
      ([gamma, company, code]) => {
        for (const [select, value] of [
          [gamma, 'prime'],
          [company, code],
        ] as const) {
          const element = select as HTMLSelectElement;
          element.value = value;
          element.dispatchEvent(new Event('change', { bubbles: true }));
        }
      },
      [gammaSelect, companySelect, companyCode] as const,
    );
    await expect.poll(() => page.url()).toContain(`company=${companyCode}`);
    expect(page.url()).toContain('gamma=prime');
    await expect.poll(() => devices.cards().count()).toBe(1);
    await devices.gammaFilter().selectOption('');
    await devices.companyFilter().selectOption('');
    await expect.poll(() => devices.cards().count()).toBe(2);

    await devices.connectivity('offline');
    await expect.poll(() => devices.cards().count()).toBe(1);
    await expect.poll(() => devices.cards().first().getAttribute('aria-label')).toBe(otherName);
    await devices.connectivity('wifi');
    await expect.poll(() => devices.cards().first().getAttribute('aria-label')).toBe(it_.devices.defaultName);
    expect(await devices.cards().count()).toBe(1);
    expect(page.url()).toContain('conn=wifi');

    // A reload keeps the filters (they are in the address).
    await page.reload();
    await devices.heading().waitFor();
    await expect.poll(() => devices.cards().count()).toBe(1);
    await devices.connectivity('all');
    await expect.poll(() => devices.cards().count()).toBe(2);

    await devices.search().fill(run.toLowerCase());
    await expect.poll(() => devices.cards().count()).toBe(2);
    await devices.search().fill('cucina');
    await expect.poll(() => devices.cards().count()).toBe(1);
    await devices.search().fill('');
    await expect.poll(() => devices.cards().count()).toBe(2);
    await screenshot(page, 'devices-light');
  });

  it('looks right in dark, on a phone (filters in a drawer) and in English', async () => {
    const dark = await signedIn({}, { 'wb.colorScheme': 'dark' });
    await expect.poll(() => dark.devices.cards().count()).toBe(2);
    await screenshot(dark.page, 'devices-dark');

    const phone = await signedIn({ viewport: { width: 390, height: 844 } }, { 'wb.colorScheme': 'dark' });
    await expect.poll(() => phone.devices.cards().count()).toBe(2);
    await screenshot(phone.page, 'devices-390-dark');
    await phone.devices.filtersButton().click();
    await phone.devices.gammaFilter().selectOption('hiline');
    await expect.poll(() => phone.devices.cards().count()).toBe(1);
    await screenshot(phone.page, 'devices-390-drawer-dark');

    const english = await signedIn({}, {}, 'en');
    await english.page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => english.devices.cards().count()).toBe(2);
    await screenshot(english.page, 'devices-390-en');
    await english.page.getByRole('button', { name: catalogues.en.devices.addDevice.button }).first().click();
    await english.devices.addDeviceDialog().waitFor();
    await screenshot(english.page, 'devices-add-dialog-390-en');
  });
});
