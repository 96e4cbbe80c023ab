import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { BRAND_HEADER, catalogues, deviceTopic, formatDate } from '@washboard/contracts';
import { ARTIFACTS, expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { openPage } from '../fixtures/pages';
import { claimedMqttDevice } from '../fixtures/virtual-machine';
import { HaccpPage } from '../pom/haccp-page';
import { InspectorLinksSection } from '../pom/inspector-links';
import { InspectionPage } from '../pom/inspection-page';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const de = catalogues.de;
const run = Date.now().toString(36);
const serialNumber = `INSPECT-${run}`.toUpperCase();
const otherSerial = `INSPECT-OTHER-${run}`.toUpperCase();
const applianceName = `Lavastoviglie bar ${run}`;
const LABEL = 'ASL Milano, dott.ssa Bianchi';
let browser: Browser;
let admin: Api;
const devices: MqttClient[] = [];
const contexts: BrowserContext[] = [];

/** Cycles of the last hours (in the HACCP page's default period of seven days), the third with a cold rinse. */
const CYCLES = 4;
const startOf = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
const cycle = (start: Date, rinseMaxTmp = 851) => ({
  id: randomUUID(),
  kind: 'cycle',
  cycleName: 'dishes',
  cycleNumber: Math.floor(start.getTime() / 60_000) % 100_000,
  start: start.toISOString(),
  stop: new Date(start.getTime() + 150_000).toISOString(),
  completed: true,
  measurements: { washMinTmp: 590, washMaxTmp: 622, rinseMinTmp: 780, rinseMaxTmp },
  rinseTrace: Array<number>(15).fill(rinseMaxTmp),
});

/** The period's cycles, the third with a cold rinse (corrected by the service in the first test). */
const recent = Array.from({ length: CYCLES }, (_, i) => cycle(startOf(CYCLES - i), i === 2 ? 784 : 851));
const CORRECTION = 'Sonda del risciacquo sostituita il giorno dopo: la lettura era errata.';

async function machineWith(
  serial: string,
  name: string,
  code: string,
  records: { topic: 'event' | 'alarm'; payload: unknown }[],
) {
  const device = await claimedMqttDevice(admin, mqttPort, { serialNumber: serial, type: 'undercounter' }, name, code);
  devices.push(device);
  for (const r of records) await device.publishAsync(deviceTopic(serial, r.topic), JSON.stringify(r.payload), { qos: 1 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  await machineWith(serialNumber, applianceName, '314159', [
    // Ten days ago: outside the period shared.
    { topic: 'event', payload: cycle(startOf(240)) },
    ...recent.map((payload) => ({ topic: 'event' as const, payload })),
    {
      topic: 'alarm',
      payload: { id: randomUUID(), errorCode: 'OH01', startDate: startOf(3).toISOString(), stopDate: startOf(2.9).toISOString() },
    },
  ]);
  await machineWith(otherSerial, `Altra lavastoviglie ${run}`, '271829', [{ topic: 'event', payload: cycle(startOf(2)) }]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await Promise.all(devices.map((d) => d.endAsync()));
  await browser?.close();
});

/** The owner side's tab, signed in (as the administrator, who may share any machine of the brand). */
const dashboard = (options: BrowserContextOptions = {}) =>
  openPage(browser, contexts, options, {}, { role: 'ADMIN', email: ADMIN.email });

/** A browser that never signed in: a new context, nothing stored. */
async function stranger(options: BrowserContextOptions): Promise<Page> {
  const context = await newContext(browser, options);
  contexts.push(context);
  return context.newPage();
}

describe('inspector link', () => {
  it('shares the period read-only: opened without signing in it shows only that machine and period, verified; revoked it is refused', async () => {
    // The service corrects the cold rinse: a record of its own; the cycle stays as the machine reported it.
    await admin.post(`/api/v1/event-hub-listener/event/${serialNumber}/haccp/corrections`, {
      correctsKind: 'event',
      correctsId: recent[2]?.id,
      note: CORRECTION,
    });
    const page = await dashboard();
    const haccp = new HaccpPage(page);
    await haccp.goto(baseUrl, serialNumber);
    await expect.poll(() => haccp.eventRows('pass').count()).toBe(CYCLES - 1);
    await page.getByText(CORRECTION).waitFor();
    await page.getByText(new RegExp(`^${it_.haccp.correctedBy.split(' {{')[0]} `)).waitFor();
    const links = new InspectorLinksSection(page);
    const url = await links.create(LABEL);
    expect(url).toMatch(new RegExp(`^${baseUrl}/inspect/[A-Za-z0-9_-]{43}$`));
    await links.qrCode().waitFor();
    await page.getByText(it_.haccp.inspectorLinks.created.split(':')[0] ?? '').waitFor();
    await expectNoRawKeys(page);
    await screenshot(page, 'inspector-link-dialog-it');
    await links.closeDialog();
    await links.tab().click();
    await links.card(LABEL).waitFor();
    expect(await links.card(LABEL).innerText()).toContain(it_.haccp.inspectorLinks.notOpened);

    // The inspector: a browser that never signed in, in German, opens the link.
    const inspector = await stranger({ locale: 'de-DE' });
    const inspection = new InspectionPage(inspector, 'de');
    const response = await inspection.goto(url);
    // The address is a bearer token: the page sends no referrer and asks not to be indexed.
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await inspector.getByText(applianceName).waitFor();
    await inspector.getByText(serialNumber, { exact: true }).waitFor();
    expect(await inspector.getByText(otherSerial).count()).toBe(0);
    // This machine's cycles of the period only (not the one of ten days ago), the cold rinse failing, with heat doses.
    await expect.poll(() => inspection.eventRows().count()).toBe(CYCLES);
    expect(await inspection.eventsTable().locator('[data-verdict="fail"]').count()).toBe(1);
    // Both the failing cycle and its correction, which keeps the record verified.
    await inspector.getByText(CORRECTION).waitFor();
    expect(await inspection.eventsTable().locator('[data-corrections]').innerText()).toContain(
      de.haccp.correctedBy.split(' {{')[0] ?? '',
    );
    expect(await inspection.eventsTable().locator('[data-heat-dose]').count()).toBe(CYCLES);
    // The record verifies: the verdict is green.
    expect(await inspection.verdict().getAttribute('data-verified')).toBe('true');
    expect(await inspection.verdict().innerText()).toContain(de.haccp.verification.verified);
    const [colour, green] = await inspection
      .verdict()
      .evaluate((el) => [
        getComputedStyle(el).getPropertyValue('--alert-color'),
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-green-light-color'),
      ]);
    expect(colour).toBe(green);
    // Read-only and nowhere else to go: no link, no menu, no button but the tabs', the page's own
    // settings and the four files to keep.
    expect(await inspector.getByRole('link').count()).toBe(0);
    expect(await inspector.getByRole('navigation').count()).toBe(0);
    expect(await inspector.getByRole('button').count()).toBe(5);
    await expectNoRawKeys(inspector);
    await screenshot(inspector, 'inspector-page-de');
    // The inspector keeps the events report: this machine and period, in German, its QR code leading
    // to the dashboard's verification page as the owner's copy does, never to the link.
    const report = await inspection.export('events');
    expect(report.suggestedFilename()).toMatch(
      new RegExp(`^haccp-events_${serialNumber}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
    const reportFile = path.join(ARTIFACTS, 'inspector-events.pdf');
    await report.saveAs(reportFile);
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      reportFile,
      path.join(ARTIFACTS, 'inspector-events-pdf'),
    ]);
    const reportText = execFileSync('pdftotext', ['-layout', reportFile, '-'], { encoding: 'utf8' });
    expect(reportText).toContain(de.haccp.pdf.eventsTitle);
    expect(reportText).toContain(serialNumber);
    expect(reportText).toContain(CORRECTION);
    expect(reportText).toContain(`/device/${serialNumber}/haccp/verification`);
    expect(reportText.replace(/\s+/g, '')).not.toContain(new URL(url).pathname);
    // The tabs stay where they were clicked, whatever the height of what they show.
    const tabsAt = async () => (await inspector.getByRole('tablist').boundingBox())?.y;
    const eventsTabsAt = await tabsAt();
    await inspection.tab('alarms').click();
    await inspector.getByTestId('haccp-alarm-OH01').waitFor();
    expect(await tabsAt()).toBe(eventsTabsAt);
    await inspection.tab('verification').click();
    await inspector.getByText(de.haccp.verification.closeOutsTitle).waitFor();
    expect(await tabsAt()).toBe(eventsTabsAt);
    expect(await inspector.getByRole('button', { name: de.haccp.verification.markReviewed }).count()).toBe(0);
    await screenshot(inspector, 'inspector-page-de-verification');

    // On a phone in the dark scheme, in the browser's English, then in the language picked on the page.
    const phone = await stranger({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', locale: 'en-GB' });
    await new InspectionPage(phone, 'en').goto(url);
    await phone.getByLabel(catalogues.en.common.language).selectOption('es');
    const onPhone = new InspectionPage(phone, 'es');
    await phone.getByRole('heading', { name: catalogues.es.inspection.title }).waitFor();
    await expect.poll(() => onPhone.eventRows().count()).toBe(CYCLES);
    expect(await onPhone.eventsTable().count()).toBe(0);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await phone.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    await expectNoRawKeys(phone);
    await screenshot(phone, 'inspector-page-390-dark-es');

    // The owner side sees both openings, and revokes the link.
    await page.reload();
    await links.tab().click();
    const card = links.card(LABEL);
    await expect.poll(() => card.locator('[data-openings]').getAttribute('data-openings')).toBe('2');
    await card.getByRole('button', { name: it_.haccp.inspectorLinks.showOpenings }).click();
    // The two openings and the report downloaded, which is listed but not counted as an opening.
    await expect.poll(() => card.getByRole('row').count()).toBe(4);
    expect(await card.locator('[data-download]').innerText()).toBe(
      it_.haccp.inspectorLinks.openingResults.downloads['events-pdf'],
    );
    await screenshot(page, 'inspector-links-tab-it');
    await links.revoke(LABEL);
    await card.getByText(it_.haccp.inspectorLinks.statuses.revoked, { exact: true }).waitFor();
    expect(await card.getAttribute('data-status')).toBe('revoked');
    expect(await card.getByRole('button', { name: it_.haccp.inspectorLinks.revoke }).count()).toBe(0);

    // The inspector's link is refused at once, saying nothing of the machine.
    await inspection.goto(url);
    await inspection.unavailable().waitFor();
    expect(await inspection.unavailable().innerText()).toContain(de.apiErrors.INSPECTOR_LINK_REVOKED);
    expect(await inspector.getByText(serialNumber).count()).toBe(0);
    expect(await inspector.getByText(applianceName).count()).toBe(0);
    await expectNoRawKeys(inspector);
    await screenshot(inspector, 'inspector-page-revoked-de');
    // A report asked for once more, say from a bookmarked download: refused too.
    const token = new URL(url).pathname.split('/').pop() ?? '';
    const again = await inspector.request.get(`${baseUrl}/api/v1/inspect/${token}/exports/events-pdf`, {
      headers: { [BRAND_HEADER]: 'LUMINA' },
    });
    expect(again.status()).toBe(410);

    // The owner side sees the refused try, apart from the two openings, and which it was.
    await page.reload();
    await links.tab().click();
    const tried = links.card(LABEL).locator('[data-refused-openings]');
    await expect.poll(() => tried.getAttribute('data-refused-openings')).toBe('2');
    expect(await tried.innerText()).toContain(it_.haccp.inspectorLinks.refusedOpenings_other.split('{{count}}')[0]?.trim());
    await links.card(LABEL).getByRole('button', { name: it_.haccp.inspectorLinks.showOpenings }).click();
    await expect.poll(() => links.card(LABEL).getByRole('row').count()).toBe(6);
    // Newest first: the refused download, naming its file, then the refused page.
    const refusals = links.card(LABEL).locator('[data-refused]');
    const results = it_.haccp.inspectorLinks.openingResults;
    expect(await refusals.nth(0).innerText()).toBe(`${results.revoked} (${results.files['events-pdf']})`);
    expect(await refusals.nth(1).innerText()).toBe(results.revoked);
    await expectNoRawKeys(page);
    await screenshot(page, 'inspector-links-tab-refused-it');
  });

  it('reads well for the owner side on a phone, and for the inspector in the dark scheme on a desktop', async () => {
    // At UTC+14 the page's today is UTC's tomorrow for most of the day: the link still ends today in UTC.
    const page = await dashboard({ viewport: { width: 390, height: 844 }, timezoneId: 'Pacific/Kiritimati' });
    const haccp = new HaccpPage(page);
    await haccp.goto(baseUrl, serialNumber);
    const links = new InspectorLinksSection(page);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/haccp/inspector-links'));
    const url = await links.create('NAS Carabinieri');
    await links.qrCode().waitFor();
    // The link's end is written in the browser's zone, as the tables write their times.
    const { expiresAt } = (await (await answer).json()) as { expiresAt: string };
    expect(await links.dialog().getByRole('status').innerText()).toContain(
      formatDate(expiresAt, 'long', 'it', 'Pacific/Kiritimati'),
    );
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${ARTIFACTS}/inspector-link-dialog-390-it.png` });
    await links.closeDialog();
    await links.tab().click();
    await links.card('NAS Carabinieri').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'inspector-links-tab-390-it');

    const inspector = await stranger({ colorScheme: 'dark', locale: 'fr-FR' });
    const inspection = new InspectionPage(inspector, 'fr');
    await inspection.goto(url);
    await expect.poll(() => inspection.eventRows().count()).toBe(CYCLES);
    expect(await inspection.verdict().getAttribute('data-verified')).toBe('true');
    await expectNoRawKeys(inspector);
    await screenshot(inspector, 'inspector-page-dark-fr');
  });

  it('refuses an unknown link in the dark scheme on a phone, without naming any machine', async () => {
    const phone = await stranger({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', locale: 'it-IT' });
    const inspection = new InspectionPage(phone, 'it');
    await inspection.goto(`${baseUrl}/inspect/${'x'.repeat(43)}`);
    expect(await inspection.unavailable().innerText()).toContain(it_.apiErrors.INSPECTOR_LINK_NOT_FOUND);
    await screenshot(phone, 'inspector-page-unknown-390-dark-it');
  });
});
