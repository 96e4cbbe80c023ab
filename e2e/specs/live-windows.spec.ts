import { describe, expect, inject, it } from 'vitest';
import type { Page, Route, WebSocketRoute } from 'playwright-core';
import { catalogues, deviceTopic, formatTemperature } from '@washboard/contracts';
import { adminWithMachines } from '../fixtures/admin-suite';
import { claimedMqttDevice } from '../fixtures/virtual-machine';
import { DeviceDetailsPage } from '../pom/device-details-page';
import { DevicesPage } from '../pom/devices-page';

/**
 * The two moments a push can miss a page: sent before the page's channel was open, and arriving
 * while a read of the same data was on its way back. Playwright stands between the page and the
 * server (the push channel and the API) to make each moment happen every time.
 */

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const suite = adminWithMachines();

/** A machine of the admin's that reports itself idle, and a way to make it report a running cycle. */
async function machine(prefix: string, name: string) {
  const serialNumber = `${prefix}-${Date.now().toString(36)}`.toUpperCase();
  const device = await claimedMqttDevice(suite.admin(), mqttPort, { serialNumber }, name, '515151');
  const values = (boilerTmp: number) =>
    device.publishAsync(deviceTopic(serialNumber, 'telemetry'), JSON.stringify({ ts: new Date().toISOString(), boilerTmp }), {
      qos: 1,
    });
  const run = () =>
    device.publishAsync(
      deviceTopic(serialNumber, 'status'),
      JSON.stringify({ online: true, systemState: 4, cycleType: 'eco', cycleNumber: 3, ts: new Date().toISOString() }),
      { qos: 1 },
    );
  return { serialNumber, device, run, values };
}

/** What the page told the server through the push channel, and a way to tell it more. */
type TProxy = { told: string[]; toServer?: (text: string) => void };

/**
 * The pushes the server sent the page, as text; `deliver` decides which the page receives. What the
 * page sends the server goes on as it is, noted in `proxy` when given.
 */
async function watchPushes(
  page: Page,
  deliver: (text: string, ws: WebSocketRoute) => Promise<boolean> | boolean,
  proxy?: TProxy,
) {
  const seen: string[] = [];
  await page.routeWebSocket(/\/api\/v1\/live/, (ws) => {
    const server = ws.connectToServer();
    if (proxy) {
      proxy.toServer = (text) => server.send(text);
      ws.onMessage((message) => {
        proxy.told.push(String(message));
        server.send(message);
      });
    }
    server.onMessage(async (message) => {
      const text = String(message);
      seen.push(text);
      if (await deliver(text, ws)) ws.send(message);
    });
  });
  return seen;
}

const state = (page: Page) => page.getByTestId('machine-state').first().textContent();

describe('pushes and the page', () => {
  it('shows a change the machine made while the page’s push channel was still opening', async () => {
    const { serialNumber, device, run } = await machine('OPEN', 'Lavastoviglie apertura');
    try {
      const page = await suite.adminPage();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let open = false;
      // The server's "ready" waits; what it pushes meanwhile never reaches the page, as a push sent
      // before the channel was open would not.
      const seen = await watchPushes(page, async (text) => {
        if (text.includes('"ready"')) {
          await held;
          open = true;
          return true;
        }
        return open;
      });
      const details = new DeviceDetailsPage(page);
      await details.goto(baseUrl, serialNumber);
      await expect.poll(() => state(page)).toBe(it_.machineState.IDLE);

      await run();
      await expect.poll(() => seen.some((t) => t.includes('"status"') && t.includes(serialNumber))).toBe(true);
      release();
      await expect.poll(() => state(page)).toBe(it_.machineState.RUN);
    } finally {
      await device.endAsync();
    }
  });

  it('sends the page the values of the machines it shows only, and every machine’s status', async () => {
    const shown = await machine('SHOWN', 'Lavastoviglie mostrata');
    const other = await machine('OTHER', 'Lavastoviglie altrove');
    try {
      const page = await suite.adminPage();
      const proxy: TProxy = { told: [] };
      const seen = await watchPushes(page, () => true, proxy);
      /** The machines each message told the server of (the first message, `auth`, and each `watch`). */
      const watched = () => proxy.told.map((text) => JSON.parse(text) as { type: string; serials?: unknown });
      /** Once the server answered a message sent after what the page told it, it has heard that. */
      const heard = async (serials: string[]) => {
        await expect.poll(() => watched().at(-1)?.serials).toEqual(serials);
        const refused = () => seen.filter((t) => t.includes('BAD_MESSAGE')).length;
        const before = refused();
        proxy.toServer?.(JSON.stringify({ type: 'heard?' }));
        await expect.poll(refused).toBe(before + 1);
      };
      await new DeviceDetailsPage(page).goto(baseUrl, shown.serialNumber);
      await expect.poll(() => state(page)).toBe(it_.machineState.IDLE);
      // The administrator may see both machines (and every other file's); the page shows one.
      await heard([shown.serialNumber]);

      await other.values(811);
      await shown.values(822);
      await other.run();
      const boiler = page.getByTestId('live-boilerTmp');
      await expect.poll(() => boiler.textContent()).toContain(formatTemperature(822, 'metric', { lang: 'it' }));
      await expect.poll(() => seen.some((t) => t.includes('"status"') && t.includes(other.serialNumber))).toBe(true);
      expect(seen.filter((t) => t.includes('"telemetry"') && t.includes(other.serialNumber))).toEqual([]);

      // The list of the other machine: its values come as soon as it shows.
      const devices = new DevicesPage(page);
      await devices.goto(baseUrl, `?q=${other.serialNumber}`);
      const card = devices.card('Lavastoviglie altrove');
      await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.RUN);
      await heard([other.serialNumber]);
      await other.values(833);
      await expect.poll(() => card.textContent()).toContain(formatTemperature(833, 'metric', { lang: 'it' }));
      // Each watch says something new to its socket: not the set its first message (auth) carried.
      const told = watched();
      const repeated = told.filter(
        (message, i) => message.type === 'watch' && JSON.stringify(message.serials) === JSON.stringify(told[i - 1]?.serials),
      );
      expect(repeated).toEqual([]);
    } finally {
      await Promise.all([shown.device.endAsync(), other.device.endAsync()]);
    }
  });

  it('keeps a change pushed while the device page’s data was on its way', async () => {
    const { serialNumber, device, run } = await machine('READ', 'Lavastoviglie lettura');
    try {
      const page = await suite.adminPage();
      const seen = await watchPushes(page, () => true);
      const devices = new DevicesPage(page);
      await devices.goto(baseUrl, `?q=${serialNumber}`);
      const card = devices.card('Lavastoviglie lettura');
      await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.IDLE);
      await expect.poll(() => seen.some((t) => t.includes('"ready"'))).toBe(true);

      // The device page's reads are answered by the server at once, and reach the page only later.
      const answers: Array<() => Promise<void>> = [];
      let holding = true;
      const hold = async (route: Route) => {
        if (!holding) return route.continue();
        const response = await route.fetch();
        answers.push(() => route.fulfill({ response }));
      };
      await page.route('**/lastTelemetry', hold);
      await page.route('**/getApplianceDetail?*', hold);
      await card.click();
      await page.waitForURL(`**/device/${serialNumber}`);
      await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);

      await run();
      await expect.poll(() => seen.some((t) => t.includes('"status"') && t.includes(serialNumber))).toBe(true);
      holding = false;
      await Promise.all(answers.map((answer) => answer()));
      await expect.poll(() => state(page)).toBe(it_.machineState.RUN);
    } finally {
      await device.endAsync();
    }
  });
});
