import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { catalogues, deviceTopic, formatTemperature } from '@washboard/contracts';
import { launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { claimedMqttDevice } from '../fixtures/virtual-machine';
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

const publish = (topic: 'status' | 'telemetry', payload: unknown) =>
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
    await context.close();
  });
});
