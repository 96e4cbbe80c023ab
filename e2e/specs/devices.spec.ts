import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { BRANDS, catalogues, deviceTopic, formatTemperature, formatVolume, type TLastTelemetry } from '@washboard/contracts';
import { launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { claimedMqttDevice, createProduct } from '../fixtures/virtual-machine';
import { DevicesPage } from '../pom/devices-page';
import { LoginPage } from '../pom/login-page';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const run = Date.now().toString(36);
const serialNumber = `E2E-${run}`.toUpperCase();
const applianceName = `Lavastoviglie ${run}`;
let browser: Browser;
let admin: Api;
let device: MqttClient;

const publish = (topic: 'status' | 'telemetry' | 'params', payload: unknown) =>
  device.publishAsync(deviceTopic(serialNumber, topic), JSON.stringify(payload), { qos: 1 });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  device = await claimedMqttDevice(admin, mqttPort, { serialNumber }, applianceName, '123456');
});
afterAll(async () => {
  await device?.endAsync();
  await browser?.close();
});

describe('device list', () => {
  it('shows a machine and follows its status and telemetry without a reload', async () => {
    const context = await newContext(browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto(baseUrl);
    await login.signIn(ADMIN.email, ADMIN.password);
    await page.waitForURL('**/devices');
    const devices = new DevicesPage(page);
    await devices.heading().waitFor();
    const card = devices.card(applianceName);
    await expect.poll(() => card.textContent()).toContain(serialNumber);
    await expect.poll(() => card.textContent()).toContain(it_.devices.status.online);
    await expect.poll(() => card.textContent()).toContain(it_.machineState.IDLE);

    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    await publish('status', { online: true, systemState: 4, cycleType: 'eco', cycleNumber: 12, ts: new Date().toISOString() });
    await publish('telemetry', {
      ts: new Date().toISOString(),
      boilerTmp: 853,
      tankTmp: 602,
      cycleTimeProgress: 30,
      cycleTimeDuration: 120,
    });
    await expect.poll(() => card.textContent()).toContain(it_.machineState.RUN);
    await expect.poll(() => card.textContent()).toContain(it_.cycles.eco);
    await expect.poll(() => card.textContent()).toContain(formatTemperature(853, 'metric', { lang: 'it' }));
    await expect.poll(() => card.textContent()).toContain(formatTemperature(602, 'metric', { lang: 'it' }));
    await expect.poll(() => card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(navigations).toBe(0);
    await screenshot(page, 'devices-390');

    await card.click();
    await page.waitForURL(`**/device/${serialNumber}`);
    await expect.poll(() => page.getByRole('heading', { name: applianceName }).count()).toBe(1);
    await publish('telemetry', { ts: new Date().toISOString(), boilerTmp: 870 });
    await expect
      .poll(() => page.getByTestId('live-boilerTmp').textContent())
      .toContain(formatTemperature(870, 'metric', { lang: 'it' }));

    // Set to imperial units (S47), the machine's values read in °F and US gallons, on its page and its card.
    await publish('params', { ts: new Date().toISOString(), values: { S47: 1 } });
    await publish('telemetry', { ts: new Date().toISOString(), boilerTmp: 870, tankVlm: 378 });
    const lastTelemetry = `/api/v1/event-hub-listener/event/${serialNumber}/lastTelemetry`;
    await expect.poll(async () => (await admin.get<TLastTelemetry>(lastTelemetry)).status.unitSystem).toBe('imperial');
    await page.reload();
    const fahrenheit = formatTemperature(870, 'imperial', { lang: 'it' });
    await expect.poll(() => page.getByTestId('live-boilerTmp').textContent()).toContain(fahrenheit);
    expect(await page.getByTestId('live-tankVlm').textContent()).toContain(formatVolume(378, 'usGallon', { lang: 'it' }));
    await screenshot(page, 'device-imperial-390');
    await page.goBack();
    await expect.poll(() => card.textContent()).toContain(fahrenheit);
    await context.close();
  });
});

describe('device list pages', () => {
  /** A service manager of a fresh company holding more machines than one page (50) shows. */
  const manager = { email: `pages-${run}@service.test`, password: 'Passw0rd!' };
  const names = Array.from({ length: 62 }, (_, i) => `Reparto ${String(i + 1).padStart(2, '0')}`);

  beforeAll(async () => {
    const company = await admin.createCompany(`Pagine ${run}`);
    await admin.activeServiceManager(manager.email, manager.password, company.code);
    for (const [i, applianceName] of names.entries()) {
      const serial = `PAGE-${run}-${i + 1}`.toUpperCase();
      await createProduct(admin, { serialNumber: serial });
      await admin.post('/api/v1/appliance/claim', { serialNumber: serial, userEmail: manager.email, applianceName });
    }
  });

  async function signedIn(options: BrowserContextOptions = {}, storage: Record<string, string> = {}) {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    await page.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, storage);
    const login = new LoginPage(page);
    await login.goto(baseUrl);
    await login.signIn(manager.email, manager.password);
    await page.waitForURL('**/devices');
    const devices = new DevicesPage(page);
    await devices.heading().waitFor();
    return { context, page, devices };
  }

  it('shows the first 50 machines and the count, and loads the rest with Show more or by scrolling to the end', async () => {
    const { context, page, devices } = await signedIn();
    await expect.poll(() => devices.cards().count()).toBe(50);
    expect(await devices.shownCount().textContent()).toBe(devices.shownText(50, names.length));
    expect(await devices.cards().first().getAttribute('aria-label')).toBe(names[0]);

    // The button works from the keyboard, without scrolling the end of the list into view.
    await devices.showMore().evaluate((button) => (button as HTMLElement).focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await expect.poll(() => devices.cards().count()).toBe(names.length);
    expect(await devices.shownCount().textContent()).toBe(devices.shownText(names.length, names.length));
    expect(await devices.cards().evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).toEqual(names);
    expect(await devices.showMore().count()).toBe(0);
    await screenshot(page, 'devices-pages');

    // Another sort starts again from the first page.
    await devices.sortButton().click();
    await expect.poll(() => devices.cards().first().getAttribute('aria-label')).toBe(names.at(-1));
    await expect.poll(() => devices.cards().count()).toBe(50);
    expect(await devices.shownCount().textContent()).toBe(devices.shownText(50, names.length));
    await context.close();
  });

  it('loads the next page on its own at the end of the list, on a phone in dark', async () => {
    const { context, page, devices } = await signedIn({ viewport: { width: 390, height: 844 } }, { 'wb.colorScheme': 'dark' });
    await expect.poll(() => devices.cards().count()).toBe(50);
    await devices.showMore().waitFor();
    await screenshot(page, 'devices-pages-390-dark');
    await devices.scrollToEnd();
    await expect.poll(() => devices.cards().count()).toBe(names.length);
    expect(await devices.shownCount().textContent()).toBe(devices.shownText(names.length, names.length));
    expect(new Set(await devices.cards().evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')))).size).toBe(
      names.length,
    );
    await context.close();
  });
});

describe('range names of the brand', () => {
  it("lists Kestrel's names for the ranges in the filter and on the cards, at desk and phone width", async () => {
    const kestrel = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password, 'KESTREL');
    const serial = `KES-${run}`.toUpperCase();
    await createProduct(kestrel, { serialNumber: serial, gamma: 'hiline' });
    const names = BRANDS.KESTREL.rangeNames;
    const shown = [it_.devices.filter.allGamma, names.infinity, names.hiline, names.prime, names.ge, it_.devices.filter.noGamma];
    expect(shown).toEqual([it_.devices.filter.allGamma, 'TL', 'CE', 'HPW', 'G-EVO', it_.devices.filter.noGamma]);
    const screens = [
      { name: 'desk', viewport: { width: 1366, height: 860 }, colorScheme: 'light' as const },
      { name: '390', viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const },
    ];
    for (const { name, viewport, colorScheme } of screens) {
      const context = await newContext(browser, { viewport, colorScheme });
      const page = await context.newPage();
      const login = new LoginPage(page);
      await login.goto(baseUrl, '?brand=KESTREL');
      await login.signIn(ADMIN.email, ADMIN.password);
      await page.waitForURL('**/devices');
      const devices = new DevicesPage(page);
      await devices.heading().waitFor();
      // An admin sees the brand's machines, the never-connected product too.
      await expect.poll(() => devices.card(serial).textContent()).toContain(`${serial} · ${names.hiline}`);
      if (name === '390') await devices.filtersButton().click();
      expect(await devices.gammaFilter().locator('option').allTextContents(), name).toEqual(shown);
      await screenshot(page, `devices-kestrel-ranges-${name}-${colorScheme}`);
      await context.close();
    }
  });
});
