import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { catalogues, type TApplianceDetail, type THaccpEventView, type TLinkRecord } from '@washboard/contracts';
import { LocalLinkEndpoint, type VirtualDishwasher } from '@washboard/simulator';
import { Api } from '../fixtures/api';
import { BluetoothBridge, contextWithBluetoothBlocked, WEB_BLUETOOTH_FLAGS } from '../fixtures/bluetooth';
import { ARTIFACTS, expectNoRawKeys, launchBrowser, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { openPage } from '../fixtures/pages';
import { claimedVirtualMachine, closeMachines, createProduct, virtualMachine } from '../fixtures/virtual-machine';
import { AppShell, IDENTITY_PASSWORD } from '../pom/app-shell';
import { CompanionInstall } from '../pom/companion-install';
import { CompanionLink } from '../pom/companion-link';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const text = it_.mobile.link;
const TECH = 'tech-link@washboard.test';
const PIN = '864202';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser: Browser;
let admin: Api;
let tech: Api;
let boxes = 0;
const machines: VirtualDishwasher[] = [];
const contexts: BrowserContext[] = [];
const bridges: BluetoothBridge[] = [];

beforeAll(async () => {
  browser = await launchBrowser(WEB_BLUETOOTH_FLAGS);
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  await admin.activeAccount(TECH, IDENTITY_PASSWORD, 'SERVICE');
  tech = await Api.signIn(baseUrl, TECH, IDENTITY_PASSWORD);
  await tech.put('/api/v1/service/pin', { pin: PIN });
});
afterEach(async () => {
  await Promise.all(bridges.splice(0).map((b) => b.close()));
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await closeMachines(machines);
  await browser?.close();
});

/** A product in its box: the admin made it, and its factory secret never reached the machine. */
async function boxedMachine(): Promise<VirtualDishwasher> {
  const serial = `BOX-${Date.now().toString(36)}-${(boxes += 1)}`.toUpperCase();
  await createProduct(admin, { serialNumber: serial });
  const machine = virtualMachine(serial, mqttPort);
  machines.push(machine);
  return machine;
}

/** The technician's phone (390 × 844) with `within` in Bluetooth reach, on the home's Bluetooth chip. */
async function phone(within: VirtualDishwasher[], options: { central?: 'powered-on' | 'absent'; dark?: boolean } = {}) {
  const page = await openPage(
    browser,
    contexts,
    { ...PHONE, colorScheme: options.dark ? 'dark' : 'light' },
    {},
    { role: 'SERVICE', email: TECH },
  );
  const bridge = await BluetoothBridge.attach(browser, page, options.central);
  bridges.push(bridge);
  for (const machine of within) await bridge.addMachine(new LocalLinkEndpoint(machine, { mtu: 247 }));
  const link = new CompanionLink(page);
  await link.gotoNearby(baseUrl);
  return { page, bridge, link };
}

/** Finds the machine through the system's chooser (the bridge picks it) and waits for its card. */
async function find(bridge: BluetoothBridge, link: CompanionLink, machine: VirtualDishwasher) {
  bridge.chooser = { choose: machine.serial };
  await link.findButton().click();
  const card = link.nearby(machine.serial);
  await card.waitFor();
  return card;
}

/** The code the machine's display shows now. */
async function displayed(machine: VirtualDishwasher): Promise<string> {
  await expect.poll(() => machine.model.linkCode?.code ?? null).not.toBeNull();
  return machine.model.linkCode?.code ?? '';
}

/** What the page shows. */
function visibleText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

describe('companion: the local link over Bluetooth (390 × 844)', () => {
  it('commissions a machine from its box to online, claimed and installed, never showing its secret', async () => {
    const machine = await boxedMachine();
    const { page, bridge, link } = await phone([machine]);
    let issued = '';
    page.on('response', (res) => {
      if (res.url().endsWith('/broker-credentials'))
        void res.json().then((body: { deviceSecret: string }) => (issued = body.deviceSecret));
    });

    const card = await find(bridge, link, machine);
    await card.getByText(text.offline).waitFor();
    await card.getByText(text.unknownMachine).waitFor();
    await expectNoRawKeys(page);
    await screenshot(page, 'companion-link-nearby');
    await card.getByRole('link', { name: text.commission }).click();

    await link.enterCode(await displayed(machine));
    await link.page.getByLabel(text.commissioning.ssid).waitFor();
    await screenshot(page, 'companion-link-wifi');
    await link.sendWifi('Cucina Bistrot', 'pentole-e-padelle');
    await link
      .status()
      .getByText(text.commissioning.done.replace('{{serialNumber}}', machine.serial))
      .waitFor({ timeout: 40_000 });
    await screenshot(page, 'companion-link-commissioned');

    // The machine joined the network it was given and its broker, with the secret the server issued
    // for it (the factory's no longer works); the technician never saw it.
    expect(machine.connected).toBe(true);
    expect(machine.wifiNetwork).toEqual({ ssid: 'Cucina Bistrot', security: 'wpa2-psk' });
    expect(issued).not.toBe('');
    expect(await visibleText(page)).not.toContain(issued);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(issued);
    const detail = await tech.get<TApplianceDetail>(`/api/v1/appliance/getApplianceDetail?serialNumber=${machine.serial}`);
    expect(detail.status.online).toBe(true);
    expect(detail.companyName).toBe(`Company of ${TECH}`);

    // The installation goes on over the cloud.
    await page.getByRole('link', { name: text.commissioning.install }).click();
    const install = new CompanionInstall(page);
    await install.pin.enterPin(PIN);
    await install.form.field(install.text.name).fill('Bistrot Lione');
    await install.form.button(install.text.submit).click();
    await page.getByText(install.text.installed).first().waitFor();
    await install.form.button(install.text.skip).click();
    await page.getByText(install.text.done.replace('{{name}}', 'Bistrot Lione')).waitFor();
    const installed = await tech.get<TApplianceDetail>(`/api/v1/appliance/getApplianceDetail?serialNumber=${machine.serial}`);
    expect(installed.info?.installation).toMatchObject({ name: 'Bistrot Lione' });

    // Home's Wi-Fi chip: reachable now both ways — on the network, and over Bluetooth.
    await page
      .getByRole('navigation', { name: it_.mobile.nav.label })
      .getByRole('link', { name: it_.mobile.nav.machines })
      .click();
    await page.getByRole('group', { name: it_.devices.filter.connectivity }).getByText(it_.mobile.home.filters.wifi).click();
    const listed = page.getByTestId(`device-card-${machine.serial}`);
    await listed.getByText(it_.devices.status.online).waitFor();
    await listed.getByRole('img', { name: it_.mobile.home.filters.bluetooth }).waitFor();
    await screenshot(page, 'companion-link-home-reach');
  });

  it('refuses a wrong display code, saying how many tries are left, and opens nothing', async () => {
    const machine = await boxedMachine();
    const { page, bridge, link } = await phone([machine]);
    const card = await find(bridge, link, machine);
    await card.getByRole('link', { name: text.commission }).click();
    const shown = await displayed(machine);
    await link.enterCode(shown === '000000' ? '999999' : '000000');
    await link.alert().getByText(text.session.errors.WRONG_CODE.replace('{{count}}', '2')).waitFor();
    await screenshot(page, 'companion-link-wrong-code');
    await expect(page.getByLabel(text.commissioning.ssid).count()).resolves.toBe(0);
    expect(machine.wifiNetwork).toBeNull();
    // The right one opens the session.
    await link.enterCode(shown);
    await page.getByLabel(text.commissioning.ssid).waitFor();
  });

  it('says when the phone has no Bluetooth adapter, or no machine was chosen', async () => {
    const machine = await boxedMachine();
    const absent = await phone([], { central: 'absent' });
    await absent.link.problem().getByText(text.problems.noAdapter).waitFor();
    await screenshot(absent.page, 'companion-link-no-adapter');
    // Bluetooth emulation is the browser's, one central at a time.
    await absent.bridge.close();

    const { page, bridge, link } = await phone([machine]);
    bridge.chooser = 'cancel';
    await link.findButton().click();
    await link.problem().getByText(text.problems.cancelled).waitFor();
    await expectNoRawKeys(page);
  });

  it('says when Bluetooth is blocked for the site', async () => {
    const context = await contextWithBluetoothBlocked(PHONE);
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await AppShell.withIdentity(page, { role: 'SERVICE', email: TECH });
    const link = new CompanionLink(page);
    await link.gotoNearby(baseUrl);
    await link.findButton().click();
    await link.problem().getByText(text.problems.refused).waitFor();
    await screenshot(page, 'companion-link-refused');
  });

  it('says when the browser has no Web Bluetooth', async () => {
    const page = await openPage(browser, contexts, PHONE, {}, { role: 'SERVICE', email: TECH });
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'bluetooth', { get: () => undefined }));
    const link = new CompanionLink(page);
    await link.gotoNearby(baseUrl);
    await link.problem().getByText(text.problems.unsupported).waitFor();
    expect(await link.findButton().isDisabled()).toBe(true);
  });

  it('carries records home: a dropped link resumes without a duplicate, and HACCP shows each once, marked late', async () => {
    const machine = await claimedVirtualMachine(admin, mqttPort, 'Lavastoviglie bar');
    machines.push(machine);
    await admin.post('/api/v1/appliance/claim', { serialNumber: machine.serial, userEmail: TECH });
    // The machine loses its network and goes on washing: its records wait in its own log.
    machine.disconnect();
    for (let i = 0; i < 55; i += 1) {
      machine.startCycle('glasses');
      machine.advance(400);
    }
    const alarmId = machine.raiseAlarm('OH01');
    const afters: (number | null)[] = [];
    const { page, bridge, link } = await phone([machine]);
    // The link drops while the machine answers the second page: that answer is lost.
    const after = machine.records.after.bind(machine.records);
    machine.records.after = (from, limit) => {
      afters.push(from);
      if (afters.length === 2) void bridge.drop(machine.serial);
      return after(from, limit);
    };
    const uploaded: TLinkRecord[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith(`/local-link/${machine.serial}/records`))
        uploaded.push(...(req.postDataJSON() as { records: TLinkRecord[] }).records);
    });

    const card = await find(bridge, link, machine);
    await card.getByRole('link', { name: text.carryRecords }).click();
    await link.enterCode(await displayed(machine));
    await page.getByRole('button', { name: text.records.start }).click();
    await page.getByRole('button', { name: text.records.resume }).waitFor();
    await screenshot(page, 'companion-link-records-interrupted');
    await page.getByRole('button', { name: text.records.resume }).click();
    await link.enterCode(await displayed(machine));
    await link.status().getByText(text.records.uploaded).waitFor();
    await screenshot(page, 'companion-link-records-done');

    // Resumed after the last record kept, not from the start: each record went up once.
    expect(afters[0]).toBeNull();
    expect(afters.slice(1).every((n) => n !== null && n === afters[1])).toBe(true);
    const ids = uploaded.map((r) => (r.payload as { id: string }).id);
    const cycles = uploaded.filter((r) => r.topic === 'event');
    expect(new Set(ids).size).toBe(ids.length);
    expect(cycles).toHaveLength(55);

    // In the HACCP record once each, with its own time, marked late and by whom; the machine back
    // online with the same records in its outbox changes nothing.
    await machine.connect();
    await expect.poll(() => machine.outboxSize, { timeout: 15_000 }).toBe(0);
    const day = new Date().toISOString().slice(0, 10);
    const events = await tech.get<THaccpEventView[]>(
      `/api/v1/event-hub-listener/event/${machine.serial}/events?startDate=${day}T00:00:00.000Z&stopDate=${day}T23:59:59.999Z`,
    );
    expect(events.map((e) => e.id).sort()).toEqual(cycles.map((r) => (r.payload as { id: string }).id).sort());
    expect(events.every((e) => e.chain?.late === true && e.chain.carriedBy === 'Giulia Ferri')).toBe(true);

    await page.goto(`${baseUrl}/app/device/${encodeURIComponent(machine.serial)}/haccp`);
    const carried = page.getByText(it_.haccp.delivery.carriedBy.replace('{{name}}', 'Giulia Ferri')).first();
    await carried.waitFor();
    await expectNoRawKeys(page);
    await carried.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'companion-link-haccp-late.png') });
    // The alarm it raised meanwhile came home too: listed once, marked the same way.
    expect(uploaded.filter((r) => r.topic === 'alarm').map((r) => (r.payload as { id: string }).id)).toEqual([alarmId]);
    await page.getByRole('tab', { name: it_.haccp.tabs.alarms }).click();
    const alarmCard = page.getByTestId('haccp-alarm-OH01');
    await alarmCard.getByText(it_.haccp.delivery.carriedBy.replace('{{name}}', 'Giulia Ferri')).waitFor();
    expect(await alarmCard.count()).toBe(1);
    await expect(alarmCard.locator('[data-delivery="late"]').count()).resolves.toBe(1);
    await page.screenshot({ path: path.join(ARTIFACTS, 'companion-link-haccp-alarm-late.png') });
  });

  it('shows on the HACCP page another version of a record the machine sent after a phone carried other content', async () => {
    const machine = await claimedVirtualMachine(admin, mqttPort, 'Lavastoviglie cucina');
    machines.push(machine);
    await admin.post('/api/v1/appliance/claim', { serialNumber: machine.serial, userEmail: TECH });
    machine.disconnect();
    machine.startCycle('glasses');
    machine.advance(400);
    const [made] = machine.records.after(null, 10)?.records ?? [];
    const cycle = made?.payload as { id: string; measurements: { rinseMaxTmp: number } };
    // A phone delivers the record first, with a hotter rinse than the machine measured.
    const forged = { ...cycle, measurements: { ...cycle.measurements, rinseMaxTmp: cycle.measurements.rinseMaxTmp + 40 } };
    await tech.post(`/api/v1/local-link/${machine.serial}/records`, { records: [{ n: 0, topic: 'event', payload: forged }] });
    // The machine, back online, sends its own: kept aside, and shown with the record.
    await machine.connect();
    const day = new Date().toISOString().slice(0, 10);
    const stored = () =>
      tech.get<THaccpEventView[]>(
        `/api/v1/event-hub-listener/event/${machine.serial}/events?startDate=${day}T00:00:00.000Z&stopDate=${day}T23:59:59.999Z`,
      );
    await expect.poll(async () => (await stored())[0]?.otherVersions.length, { timeout: 15_000 }).toBe(1);

    const { page } = await phone([]);
    await page.goto(`${baseUrl}/app/device/${encodeURIComponent(machine.serial)}/haccp`);
    const marker = page.locator('[data-delivery="other-versions"]');
    await marker.getByText(it_.haccp.delivery.otherVersions_one).waitFor();
    expect(await marker.innerText()).toContain(it_.haccp.delivery.fromMachine.split(',')[0]);
    expect(await marker.count()).toBe(1);
    await expectNoRawKeys(page);
    await marker.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'companion-link-haccp-other-version.png') });
  });

  it('reads well in dark', async () => {
    const machine = await boxedMachine();
    const { page, bridge, link } = await phone([machine], { dark: true });
    const card = await find(bridge, link, machine);
    await screenshot(page, 'companion-link-nearby-dark');
    await card.getByRole('link', { name: text.commission }).click();
    await link.enterCode(await displayed(machine));
    await page.getByLabel(text.commissioning.ssid).waitFor();
    await screenshot(page, 'companion-link-wifi-dark');
  });
});
