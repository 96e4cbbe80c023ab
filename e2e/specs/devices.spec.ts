import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import type { Browser } from 'playwright-core';
import { catalogues, deviceTopic, formatTemperature } from '@washboard/contracts';
import { launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
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

const publish = (topic: 'status' | 'telemetry' | 'claiming-code', payload: unknown) =>
  device.publishAsync(deviceTopic(serialNumber, topic), JSON.stringify(payload), { qos: 1 });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  const { deviceSecret } = await admin.post<{ deviceSecret: string }>('/api/v1/appliance/products', {
    serialNumber,
    modelNumber: 'WB-500',
    fw00: '1.0.0',
    fw02: '1.0.0',
    gamma: 'infinity',
    ratingPower: 'M3',
  });
  device = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
    clientId: serialNumber,
    username: serialNumber,
    password: deviceSecret,
    reconnectPeriod: 0,
  });
  await publish('status', { online: true, systemState: 2, cycleType: null, cycleNumber: null, ts: new Date().toISOString() });
  await publish('claiming-code', { code: '123456', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() });
  // The gateway handles the code asynchronously: retry the claim until it knows it.
  for (let tries = 0; ; tries += 1) {
    const claimed = await admin
      .post('/api/v1/appliance/claim', { activationCode: '123456', serialNumber, applianceName })
      .then(() => true)
      .catch((error: unknown) => (tries >= 40 ? Promise.reject(error) : false));
    if (claimed) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
