import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MqttClient } from 'mqtt';
import { AxeBuilder } from '@axe-core/playwright';
import { catalogues, deviceTopic, type TInspectorLinkCreated } from '@washboard/contracts';
import { launchBrowser } from '../fixtures/browser';
import { Api } from '../fixtures/api';
import { ADMIN } from '../fixtures/global-setup';
import { openPage } from '../fixtures/pages';
import { claimedMqttDevice } from '../fixtures/virtual-machine';
import { RegistrationWizard } from '../pom/registration-wizard';
import { LoginPage } from '../pom/login-page';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const run = Date.now().toString(36);
const serialNumber = `A11Y-${run}`.toUpperCase();
/** More cycles than a page of the HACCP table holds (50): its pager shows. */
const CYCLES = 52;
/** This one's final rinse stays cold: a failed record, its row tinted red. */
const COLD_RINSE = 50;

let browser: Browser;
let admin: Api;
let device: MqttClient;
let inspectorPath: string;
const contexts: BrowserContext[] = [];

const publish = (topic: 'event' | 'status' | 'telemetry', payload: unknown) =>
  device.publishAsync(deviceTopic(serialNumber, topic), JSON.stringify(payload), { qos: 1 });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  device = await claimedMqttDevice(admin, mqttPort, { serialNumber, type: 'undercounter' }, `Lavastoviglie ${run}`, '314159');
  const start = Date.now() - (CYCLES + 1) * 300_000;
  for (let i = 0; i < CYCLES; i += 1) {
    const at = start + i * 300_000;
    await publish('event', {
      id: randomUUID(),
      kind: 'cycle',
      cycleName: 'dishes',
      cycleNumber: 1 + i,
      start: new Date(at).toISOString(),
      stop: new Date(at + 150_000).toISOString(),
      completed: true,
      measurements: { washMinTmp: 590, washMaxTmp: 622, rinseMinTmp: 780, rinseMaxTmp: i === COLD_RINSE ? 784 : 851 },
      rinseTrace: i === COLD_RINSE ? [700, 784, ...Array<number>(10).fill(720)] : Array<number>(15).fill(851),
    });
  }
  // A cycle a quarter done: the device list and the device page show its progress bar.
  await publish('status', {
    online: true,
    systemState: 4,
    cycleType: 'eco',
    cycleNumber: CYCLES + 1,
    ts: new Date().toISOString(),
  });
  await publish('telemetry', {
    ts: new Date().toISOString(),
    boilerTmp: 853,
    tankTmp: 602,
    cycleTimeProgress: 30,
    cycleTimeDuration: 120,
  });
  const today = new Date().toISOString().slice(0, 10);
  const link = await admin.post<TInspectorLinkCreated>(`/api/v1/event-hub-listener/event/${serialNumber}/haccp/inspector-links`, {
    startDate: today,
    stopDate: today,
  });
  inspectorPath = link.path;
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await device?.endAsync();
  await browser?.close();
});

/** The serious and critical violations of WCAG 2.x A and AA rules on the page as it is, one line each. */
async function violations(page: Page, screen: string): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => {
        // color-contrast says which colours and ratio; other rules their summary.
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const why = data?.contrastRatio ? `${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1` : node.failureSummary;
        return `${screen}: ${v.id} — ${why} — ${node.html.slice(0, 160)}`;
      }),
    );
}

/** A screen: where it is (known only once the suite has made it, for the inspector's link), and what to do there first. */
type TScreen = { name: string; path: string | (() => string); then?: (page: Page) => Promise<void> };

/** Opens a device page's tab by its name. */
const tab = (name: string) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
  await page.getByRole('tabpanel').waitFor();
};

const device_ = (path = '') => `/device/${serialNumber}${path}`;

const SIGNED_IN: TScreen[] = [
  {
    name: 'devices, a cycle running',
    path: '/devices',
    then: async (page) => {
      await page.getByRole('progressbar').first().waitFor();
    },
  },
  {
    name: 'notification centre',
    path: '/devices',
    then: async (page) => {
      await page.getByRole('button', { name: new RegExp(`^${it_.notifications.title}(,|$)`) }).click();
      await page.getByRole('dialog', { name: it_.notifications.title }).waitFor();
    },
  },
  { name: 'device details', path: device_(), then: async (page) => void (await page.getByRole('progressbar').first().waitFor()) },
  { name: 'statistics', path: device_(), then: tab(it_.device.sections.statistics) },
  { name: 'alarm register', path: device_(), then: tab(it_.alarmRegister.title) },
  { name: 'documents', path: device_(), then: tab(it_.device.sections.documents) },
  { name: 'firmware', path: device_(), then: tab(it_.device.sections.firmware) },
  { name: 'threshold notifications', path: device_(), then: tab(it_.thresholds.title) },
  { name: 'remote control', path: device_('/remote-control') },
  { name: 'parameters', path: device_('/parameters') },
  { name: 'cycles', path: device_('/cycles') },
  { name: 'factory parameters', path: device_('/factory-parameters') },
  {
    name: 'HACCP, two pages, one failed cycle',
    path: device_('/haccp'),
    then: async (page) => {
      await page.getByRole('button', { name: it_.common.nextPage }).waitFor();
      await page.locator('[data-verdict="fail"]').first().waitFor();
    },
  },
  { name: 'HACCP verification', path: device_('/haccp/verification') },
  { name: 'profile', path: '/profile' },
  { name: 'authorizations', path: '/pendingusers' },
  ...['add-products', 'accounts', 'products', 'companies', 'audit'].map((slug) => ({
    name: `administration, ${slug}`,
    path: `/adminhome?tab=${slug}`,
  })),
];

const SIGNED_OUT: TScreen[] = [
  { name: 'sign-in', path: '/login' },
  {
    name: 'registration',
    path: '/login',
    then: async (page) => {
      await new LoginPage(page).openRegistration();
      await new RegistrationWizard(page).root().waitFor();
    },
  },
  { name: 'change password', path: '/changepassword?token=abc&email=a%40b.it' },
  { name: 'not found', path: '/notfound' },
  {
    name: 'inspector link',
    path: () => inspectorPath,
    then: async (page) => void (await page.getByRole('tab').first().waitFor()),
  },
];

/**
 * Contrast depends on the scheme, names and roles mostly on the width (a phone gets cards and a
 * burger menu): desktop in both schemes, the phone in the dark one (where the first run found the
 * most). All four took about 90 s each, too long for what the fourth adds.
 */
const MODES = [
  { name: 'desktop, light', colorScheme: 'light', viewport: { width: 1280, height: 900 } },
  { name: 'desktop, dark', colorScheme: 'dark', viewport: { width: 1280, height: 900 } },
  { name: '390 px, dark', colorScheme: 'dark', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

describe('accessibility (axe-core, WCAG 2.x A and AA): no serious or critical violation', () => {
  for (const { name, ...options } of MODES)
    it(`on every dashboard screen, ${name}`, { timeout: 180_000 }, async () => {
      const found: string[] = [];
      for (const signedIn of [false, true]) {
        const page = await openPage(
          browser,
          contexts,
          { ...options, reducedMotion: 'reduce' },
          {},
          signedIn ? { role: 'ADMIN', email: ADMIN.email } : undefined,
        );
        for (const screen of signedIn ? SIGNED_IN : SIGNED_OUT) {
          const path = typeof screen.path === 'string' ? screen.path : screen.path();
          await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
          await page.locator('main, [role="main"]').first().waitFor();
          await screen.then?.(page);
          found.push(...(await violations(page, screen.name)));
        }
        await page.context().close();
      }
      expect(found).toEqual([]);
    });
});
