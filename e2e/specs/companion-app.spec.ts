import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BRANDS, catalogues, deviceTopic, ZCompanionManifest, type TBrandCode } from '@washboard/contracts';
import { launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { claimedMqttDevice } from '../fixtures/virtual-machine';
import { CompanionApp } from '../pom/companion-app';
import { LoginPage } from '../pom/login-page';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const run = Date.now().toString(36);
const serialNumber = `APP-${run}`.toUpperCase();
const applianceName = `Companion ${run}`;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
let browser: Browser;
let device: MqttClient;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  device = await claimedMqttDevice(admin, mqttPort, { serialNumber }, applianceName, '654321');
});
afterAll(async () => {
  await device?.endAsync();
  await browser?.close();
});

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Signs in from the landing screen the page shows. */
async function signInFromLanding(page: Page, app: CompanionApp): Promise<void> {
  await app.landingSignIn().click();
  const login = new LoginPage(page, app.lang);
  await login.email().fill(ADMIN.email);
  await login.password().fill(ADMIN.password);
  await login.submit().click();
}

/** Signs in through the landing screen and waits for the home list. */
async function signIn(page: Page, app: CompanionApp): Promise<void> {
  await app.goto(baseUrl);
  await signInFromLanding(page, app);
  await page.waitForURL('**/app/devices');
  await app.homeHeading().waitFor();
}

/** Waits until the service worker controls the page (it claims its clients once activated). */
async function untilControlled(app: CompanionApp): Promise<void> {
  await expect.poll(() => app.controlled(), { timeout: 15_000 }).toBe(true);
}

describe('the companion’s web manifest', () => {
  it.each<TBrandCode>(['LUMINA', 'KESTREL'])('is valid for %s, with icons that load at their sizes', async (brand) => {
    const res = await fetch(`${baseUrl}/app/manifest.webmanifest?brand=${brand.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = ZCompanionManifest.parse(await res.json());
    expect(manifest).toMatchObject({
      name: BRANDS[brand].title,
      start_url: `/app/?brand=${brand}`,
      scope: '/app/',
      display: 'standalone',
      theme_color: BRANDS[brand].accentHex,
    });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const file = await fetch(new URL(icon.src, `${baseUrl}/app/`));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await file.arrayBuffer()))).toBe(icon.sizes);
    }
  });

  it('follows the host name when no brand is asked for, and refuses an unknown one', async () => {
    const manifest = ZCompanionManifest.parse(await (await fetch(`${baseUrl}/app/manifest.webmanifest`)).json());
    expect(manifest.start_url).toBe('/app/');
    expect(manifest.name).toBe(BRANDS.LUMINA.title);
    expect((await fetch(`${baseUrl}/app/manifest.webmanifest?brand=acme`)).status).toBe(400);
  });

  it('describes the app in the language the browser asks for, Italian otherwise', async () => {
    const described = async (acceptLanguage?: string) =>
      ZCompanionManifest.parse(
        await (
          await fetch(`${baseUrl}/app/manifest.webmanifest`, {
            headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
          })
        ).json(),
      );
    const german = await described('de-DE,de;q=0.9');
    expect(german.lang).toBe('de');
    expect(german.description).toContain(BRANDS.LUMINA.title);
    expect(german.description).not.toBe((await described('en')).description);
    expect((await described()).lang).toBe('it');
  });
});

describe('the companion at 390 × 844', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newContext(browser, PHONE);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('is installable: the page links the manifest and a service worker scoped to /app/ controls it', async () => {
    const page = await context.newPage();
    const app = new CompanionApp(page);
    await app.goto(baseUrl);
    await app.landingSignIn().waitFor();
    await screenshot(page, 'companion-landing-390');
    // The pre-rendered landing shows before the app's scripts start; the app then names its brand's manifest.
    await expect
      .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
      .toBe('/app/manifest.webmanifest?brand=LUMINA');
    await untilControlled(app);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/app/`);
    // The dashboard stays without a service worker.
    const dashboard = await context.newPage();
    await dashboard.goto(`${baseUrl}/login`);
    await dashboard.getByRole('button').first().waitFor();
    expect(await dashboard.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await dashboard.close();
    await page.close();
  });

  it('signs in, lists the machine, and keeps showing it offline marked stale until it is fresh again', async () => {
    const page = await context.newPage();
    const app = new CompanionApp(page);
    await signIn(page, app);
    await untilControlled(app);
    const card = app.card(applianceName);
    await expect.poll(() => card.textContent()).toContain(it_.machineState.IDLE);
    await expect(app.staleMarker().count()).resolves.toBe(0);
    // This Chromium runs without Web Bluetooth: the Bluetooth chip says so plainly.
    await app.chip('bluetooth').click();
    await app.bluetoothNotice().waitFor();
    await app.chip('all').click();
    await card.waitFor();
    await screenshot(page, 'companion-home-390');

    await card.click();
    await page.waitForURL(`**/app/device/${serialNumber}`);
    await page.getByRole('heading', { name: applianceName }).waitFor();
    await app.section('alarms').waitFor();
    await screenshot(page, 'companion-machine-390');
    // The companion lists the technician's documents beside the two the dashboard has (§2).
    await app.section('documents').click();
    await page.waitForURL(`**/app/device/${serialNumber}/documents`);
    await expect
      .poll(() =>
        page.locator('[data-testid^="document-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid'))),
      )
      .toEqual([
        'document-electricSchema',
        'document-userManual',
        'document-technicalManual',
        'document-wiringDiagram',
        'document-explodedDiagram',
        'document-spareParts',
      ]);
    expect(await page.getByTestId('document-wiringDiagram').textContent()).toContain(it_.device.documents.wiringDiagram);
    const download = page.waitForEvent('download');
    await page.getByTestId('document-spareParts').getByRole('button', { name: it_.common.download }).click();
    expect((await download).suggestedFilename()).toMatch(/-spare-parts\.pdf$/);
    await screenshot(page, 'companion-documents-390');
    await page.goBack();
    await app.section('alarms').waitFor();
    await page.goBack();
    await card.waitFor();
    // The cache is written to IndexedDB at most once a second, encrypted: no machine in clear.
    await page.waitForTimeout(1_500);
    const kept = await app.keptQueryCache();
    expect(kept).not.toBe('nothing');
    expect(kept).not.toContain(serialNumber);

    await context.setOffline(true);
    await page.reload();
    await app.homeHeading().waitFor();
    await app.offlineBadge().waitFor();
    await expect.poll(() => app.staleMarker().textContent()).toMatch(/Offline — dati del \d{2}\/\d{2}\/\d{4}/);
    await expect.poll(() => card.textContent()).toContain(it_.machineState.IDLE);
    await screenshot(page, 'companion-home-offline-390');
    await card.click();
    await page.getByRole('heading', { name: applianceName }).waitFor();
    await app.staleMarker().waitFor();
    await screenshot(page, 'companion-machine-offline-390');

    // While the phone is offline the machine starts a cycle; back online the screen catches up.
    await device.publishAsync(
      deviceTopic(serialNumber, 'status'),
      JSON.stringify({ online: true, systemState: 4, cycleType: 'eco', cycleNumber: 3, ts: new Date().toISOString() }),
      { qos: 1 },
    );
    await page.goBack();
    await app.staleMarker().waitFor();
    await expect.poll(() => card.textContent()).toContain(it_.machineState.IDLE);
    await context.setOffline(false);
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain(it_.machineState.RUN);
    await expect.poll(() => app.staleMarker().count()).toBe(0);
    await expect.poll(() => app.offlineBadge().count()).toBe(0);
    await page.close();
  });
});

describe('a link into the companion opened signed out', () => {
  it('leads on to its screen after the sign-in: the e-mailed PIN reset', async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const app = new CompanionApp(page);
    await app.goto(baseUrl, 'service/pin-reset?token=from-the-mail');
    await signInFromLanding(page, app);
    await page.waitForURL('**/app/service/pin-reset?token=from-the-mail');
    await page.getByRole('heading', { name: it_.mobile.serviceMenu.resetPinTitle }).first().waitFor();
    await page.getByLabel(it_.mobile.serviceMenu.newPin, { exact: true }).waitFor();
    await context.close();
  });
});

describe('the companion in a basement', () => {
  it('marks the data stale when the phone claims a network that carries nothing, until a fetch succeeds', async () => {
    // No service worker here, so that page.route sees every API call.
    const context = await newContext(browser, { ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    const app = new CompanionApp(page);
    await signIn(page, app);
    const card = app.card(applianceName);
    await card.click();
    await app.section('alarms').waitFor();
    await page.goBack();
    await card.waitFor();
    await expect(app.staleMarker().count()).resolves.toBe(0);

    await page.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
    await card.click();
    await page.getByRole('heading', { name: applianceName }).waitFor();
    await expect
      .poll(() => app.staleMarker().textContent(), { timeout: 10_000 })
      .toMatch(/Offline — dati del \d{2}\/\d{2}\/\d{4}/);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    // The last-seen machine stays on screen, not an error.
    await app.section('alarms').waitFor();
    await page.goBack();
    await expect.poll(() => app.staleMarker().textContent(), { timeout: 10_000 }).toMatch(/Offline — dati del/);
    await card.waitFor();
    await screenshot(page, 'companion-home-basement-390');

    await page.unroute('**/api/v1/**');
    await card.click();
    await page.getByRole('heading', { name: applianceName }).waitFor();
    await expect.poll(() => app.staleMarker().count(), { timeout: 10_000 }).toBe(0);
    await page.goBack();
    await card.waitFor();
    await expect.poll(() => app.staleMarker().count(), { timeout: 10_000 }).toBe(0);
    await context.close();
  });
});

describe('the companion’s look', () => {
  // Accounts belong to a brand (the test's to Lumina): the Kestrel run shows the screens before signing in.
  it('reads well in light and dark, in two languages and both brands', async () => {
    const email = `look-${run}@washboard.test`;
    const password = 'Look12345x';
    await (await Api.signIn(baseUrl, ADMIN.email, ADMIN.password)).activeAccount(email, password, 'KITCHEN_MANAGER');
    for (const { brand, lang, scheme } of [
      { brand: 'LUMINA', lang: 'en', scheme: 'dark' },
      { brand: 'KESTREL', lang: 'de', scheme: 'light' },
    ] as const) {
      const context = await newContext(browser, { ...PHONE, colorScheme: scheme });
      const page = await context.newPage();
      await new CompanionApp(page).goto(baseUrl, `?brand=${brand}`);
      await page.getByRole('combobox', { name: it_.common.language }).selectOption(lang);
      const app = new CompanionApp(page, lang);
      await app.landingSignIn().waitFor();
      expect(await page.title()).toBe(BRANDS[brand].title);
      await screenshot(page, `companion-landing-${brand.toLowerCase()}-${lang}-${scheme}`);
      await app.landingSignIn().click();
      if (brand === 'KESTREL') {
        await new LoginPage(page, lang).heading().waitFor();
        await screenshot(page, `companion-login-${brand.toLowerCase()}-${lang}-${scheme}`);
        await context.close();
        continue;
      }
      const login = new LoginPage(page, lang);
      await login.email().fill(email);
      await login.password().fill(password);
      await login.submit().click();
      await app.homeHeading().waitFor();
      await screenshot(page, `companion-home-${brand.toLowerCase()}-${lang}-${scheme}`);
      await app.navEntry('settings').click();
      await page.getByRole('heading', { name: catalogues[lang].mobile.appSettings }).waitFor();
      await screenshot(page, `companion-settings-${brand.toLowerCase()}-${lang}-${scheme}`);
      await context.close();
    }
  });
});
