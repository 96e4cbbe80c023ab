import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import type { Browser, BrowserContext, BrowserContextOptions, Locator } from 'playwright-core';
import { catalogues, deviceTopic, formatDate } from '@washboard/contracts';
import { ARTIFACTS, expectNoRawKeys, launchBrowser, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { openPage } from '../fixtures/pages';
import { claimedMqttDevice } from '../fixtures/virtual-machine';
import { HaccpPage } from '../pom/haccp-page';
import { interpolate } from '../pom/labels';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const en = catalogues.en;
const run = Date.now().toString(36);
const serialNumber = `HACCP-${run}`.toUpperCase();
const applianceName = `Lavastoviglie HACCP ${run}`;
let browser: Browser;
let admin: Api;
let device: MqttClient;
const contexts: BrowserContext[] = [];

/**
 * Today's cycles, an hour apart from 5 hours ago, each with its final-rinse trace: 15 s at 85.1 °C
 * (5,216 HUE), but the third has a cold final rinse (78.4 °C peak, then 72.0 °C: 1,809 HUE).
 */
const CYCLES = 6;
const COLD_RINSE = 2;
const startOf = (i: number) => new Date(Date.now() - (5 - i) * 3_600_000);

const publish = (topic: 'event' | 'alarm', payload: unknown) =>
  device.publishAsync(deviceTopic(serialNumber, topic), JSON.stringify(payload), { qos: 1 });

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  device = await claimedMqttDevice(admin, mqttPort, { serialNumber, type: 'undercounter' }, applianceName, '271828');
  for (let i = 0; i < CYCLES; i += 1) {
    await publish('event', {
      id: randomUUID(),
      kind: 'cycle',
      cycleName: 'dishes',
      cycleNumber: 100 + i,
      start: startOf(i).toISOString(),
      stop: new Date(startOf(i).getTime() + 150_000).toISOString(),
      completed: true,
      measurements: { washMinTmp: 590, washMaxTmp: 622, rinseMinTmp: 780, rinseMaxTmp: i === COLD_RINSE ? 784 : 851 },
      rinseTrace: i === COLD_RINSE ? [700, 784, ...Array<number>(10).fill(720)] : Array<number>(15).fill(851),
    });
  }
  await publish('alarm', {
    id: randomUUID(),
    errorCode: 'OH01',
    startDate: startOf(1).toISOString(),
    stopDate: new Date(startOf(1).getTime() + 300_000).toISOString(),
  });
  await publish('alarm', { id: randomUUID(), errorCode: 'W03', startDate: startOf(4).toISOString(), stopDate: null });
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await device?.endAsync();
  await browser?.close();
});

const pageWith = (options: BrowserContextOptions = {}, storage?: Record<string, string>) =>
  openPage(browser, contexts, { acceptDownloads: true, ...options }, storage, { role: 'ADMIN', email: ADMIN.email });

/** Text of a downloaded PDF (poppler's pdftotext) and page 1 rendered to a PNG under e2e/artifacts/. */
function readPdf(file: string, name: string): string {
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, path.join(ARTIFACTS, name)]);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('HACCP', () => {
  it('shows the cycles with the failed rinse highlighted and the alarms, and exports both PDFs', async () => {
    const page = await pageWith();
    const haccp = new HaccpPage(page);
    await haccp.goto(baseUrl, serialNumber);
    await expect.poll(() => haccp.eventsTable().locator('tbody tr').count()).toBe(CYCLES);
    expect(await haccp.eventRows('pass').count()).toBe(CYCLES - 1);
    const failed = haccp.eventRows('fail');
    expect(await failed.count()).toBe(1);
    expect(await failed.innerText()).toContain('78,4 °C');
    // The badge writes its text in capitals.
    expect((await failed.innerText()).toLowerCase()).toContain(it_.haccp.verdicts.fail.toLowerCase());
    expect(await failed.innerText()).toContain(it_.haccp.failures.rinse.replace('{{min}}', '82,0 °C'));
    // The events tab counts it, and says so to a screen reader.
    const count = haccp.tab('events').getByLabel(it_.haccp.verdicts.failedCount_one.replace('{{count}}', '1'));
    expect(await count.innerText()).toBe('1');
    // The failure stands out: a red row.
    const background = await failed.evaluate((row) => getComputedStyle(row).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    // The heat dose of each rinse and the Food Code rules of a stationary dual-temperature machine:
    // the cold rinse falls short of 3,600 HUE, and a 62.2 °C wash misses the Food Code's 66 °C.
    expect(await failed.locator('[data-heat-dose]').innerText()).toBe('HUE 1809 · A0 2,4');
    const passed = haccp.eventRows('pass').first();
    expect(await passed.locator('[data-heat-dose]').innerText()).toBe('HUE 5216 · A0 48,5');
    expect(await failed.locator('[data-food-code="missed"]').innerText()).toBe(
      'Non rispettate: almeno 3600 HUE (NSF/ANSI 3); lavaggio almeno 66,0 °C (4-501.110); risciacquo finale almeno 82,0 °C (4-501.112)',
    );
    expect(await passed.locator('[data-food-code="missed"]').innerText()).toBe(
      'Non rispettate: lavaggio almeno 66,0 °C (4-501.110)',
    );
    await page.getByText(/Regole del Food Code per macchine a cesto fisso a doppia temperatura/).waitFor();
    await expectNoRawKeys(page);
    await screenshot(page, 'haccp-events-it');

    await haccp.tab('alarms').click();
    await haccp.alarmsTable().waitFor();
    expect(await haccp.alarmsTable().innerText()).toMatch(/OH01[\s\S]*Sovratemperatura del boiler/);
    expect((await page.getByTestId('haccp-alarm-OH01').innerText()).toLowerCase()).toContain('alta');
    expect((await page.getByTestId('haccp-alarm-W03').innerText()).toLowerCase()).toContain('bassa');
    await screenshot(page, 'haccp-alarms-it');

    const eventsPdf = await haccp.export('events');
    expect(eventsPdf.suggestedFilename()).toMatch(
      new RegExp(`^haccp-events_${serialNumber}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
    const eventsFile = path.join(ARTIFACTS, 'haccp-events.pdf');
    await eventsPdf.saveAs(eventsFile);
    const events = readPdf(eventsFile, 'haccp-events-pdf');
    expect(events).toContain('Rapporto HACCP: cicli di lavaggio ed eventi');
    expect(events).toContain(applianceName);
    expect(events).toContain(serialNumber);
    expect(events).toContain('Cicli di lavaggio: 6 · non conformi alla regola igienica: 1');
    expect(events).toMatch(/78,4 °C\s+1809 \/ 2,4\s+Non rispettate: HUE,\s+NON CONFORME:/);
    expect(events).toMatch(/85,1 °C\s+5216 \/ 48,5\s+Non rispettate:\s+Conforme/);
    expect(events).toContain('Regole del Food Code per macchine a cesto fisso a doppia temperatura: almeno 3600 HUE');
    expect(events.match(/\bConforme\b/g)?.length).toBe(CYCLES - 1);
    expect(events).toContain('Pagina 1 di 1');

    // The same records as data: one line each, with its place and hash in the machine's chain.
    const eventsCsv = await haccp.export('eventsCsv');
    expect(eventsCsv.suggestedFilename()).toMatch(new RegExp(`^haccp-events_${serialNumber}_.*\\.csv$`));
    const csvFile = path.join(ARTIFACTS, 'haccp-events.csv');
    await eventsCsv.saveAs(csvFile);
    const csvLines = readFileSync(csvFile, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csvLines[0]).toMatch(/^kind,cycle_name,start,stop,.*,chain_seq,chain_hash,late,carried_by,other_versions$/);
    expect(csvLines.filter((line) => /^cycle,.*,fail,rinse,/.test(line))).toHaveLength(1);
    // Every record chained; none carried home, none with another version.
    expect(csvLines.slice(1).every((line) => /,\d+,[0-9a-f]{64},(true|false),,$/.test(line))).toBe(true);

    // The machine's raw telemetry of the same period, a column per value with its unit.
    const telemetryCsv = await haccp.export('telemetryCsv');
    expect(telemetryCsv.suggestedFilename()).toMatch(new RegExp(`^haccp-telemetry_${serialNumber}_.*\\.csv$`));
    const telemetryFile = path.join(ARTIFACTS, 'telemetry.csv');
    await telemetryCsv.saveAs(telemetryFile);
    const telemetryLines = readFileSync(telemetryFile, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(telemetryLines[0]).toMatch(/^time,boiler_tmp_c,tank_tmp_c,/);

    const alarmsPdf = await haccp.export('alarms');
    const alarmsFile = path.join(ARTIFACTS, 'haccp-alarms.pdf');
    await alarmsPdf.saveAs(alarmsFile);
    const alarms = readPdf(alarmsFile, 'haccp-alarms-pdf');
    expect(alarms).toContain('Rapporto HACCP: allarmi');
    expect(alarms).toMatch(/Codice allarme\s+Descrizione\s+Inizio\s+Fine\s+Livello di gravità/);
    expect(alarms).toMatch(/OH01\s+Sovratemperatura del boiler.*Alta/);
    expect(alarms).toMatch(/W03\s+Livello del detergente basso.*Ancora attivo\s+Bassa/);
  });

  it('shows the heat dose and the Food Code rules in the dark scheme, and on a phone in the light one', async () => {
    for (const [name, options, scheme] of [
      ['haccp-heat-dose-dark', { viewport: { width: 1366, height: 900 } }, 'dark'],
      ['haccp-heat-dose-390-light', { viewport: { width: 390, height: 844 } }, 'light'],
    ] as const) {
      const page = await pageWith(options, { 'wb.language': 'en', 'wb.colorScheme': scheme });
      const haccp = new HaccpPage(page, 'en');
      await haccp.goto(baseUrl, serialNumber);
      await expect.poll(() => haccp.eventRows('fail').count()).toBe(1);
      expect(await haccp.eventRows('fail').locator('[data-heat-dose]').innerText()).toBe('HUE 1,809 · A0 2.4');
      expect(await haccp.eventRows('pass').locator('[data-food-code="missed"]').count()).toBe(CYCLES - 1);
      await expectNoRawKeys(page);
      await screenshot(page, name);
    }
  });

  it('refuses a reversed period and shows an empty period', async () => {
    const page = await pageWith();
    const haccp = new HaccpPage(page);
    await haccp.goto(baseUrl, serialNumber);
    await haccp.eventsTable().waitFor();
    // Typed as the page writes days in Italian (dd/mm/yyyy).
    await haccp.from().fill('10/02/2026');
    await haccp.to().fill('01/02/2026');
    await page.getByText(it_.haccp.invalidRange).waitFor();
    expect(await haccp.showButton().isDisabled()).toBe(true);
    await haccp.to().fill('11/02/2026');
    await haccp.showButton().click();
    await page.getByText(it_.haccp.noEvents).waitFor();
  });

  it('reads well on a phone, in English and in the dark scheme', async () => {
    const page = await pageWith({ viewport: { width: 390, height: 844 } }, { 'wb.language': 'en', 'wb.colorScheme': 'dark' });
    const haccp = new HaccpPage(page, 'en');
    await haccp.goto(baseUrl, serialNumber);
    await expect.poll(() => haccp.eventRows('fail').count()).toBe(1);
    expect((await haccp.eventRows('fail').innerText()).toLowerCase()).toContain(en.haccp.verdicts.fail.toLowerCase());
    // On a phone the events are cards, not an eight-column table scrolling sideways.
    expect(await haccp.eventsTable().count()).toBe(0);
    expect(await haccp.eventCards().getByRole('listitem').count()).toBe(CYCLES);
    // The verdict comes first and is on screen without scrolling sideways, the reason with it.
    const failed = haccp.eventRows('fail');
    const verdict = await failed.getByText(en.haccp.verdicts.fail, { exact: true }).boundingBox();
    const card = await failed.boundingBox();
    expect(verdict && card).toBeTruthy();
    if (!verdict || !card) return;
    expect(verdict.x).toBeGreaterThanOrEqual(0);
    expect(verdict.x + verdict.width).toBeLessThanOrEqual(390);
    expect(verdict.y - card.y).toBeLessThan(30);
    expect(await failed.innerText()).toContain(en.haccp.failures.rinse.replace('{{min}}', '82.0 °C'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoRawKeys(page);
    expect(await failed.locator('[data-heat-dose]').innerText()).toBe('HUE 1,809 · A0 2.4');
    await screenshot(page, 'haccp-phone-en-dark');
    await haccp.tab('alarms').click();
    await page.getByTestId('haccp-alarm-OH01').waitFor();
    expect(await haccp.alarmsTable().count()).toBe(0);
    await screenshot(page, 'haccp-phone-en-dark-alarms');
    // The period's calendar, in the page's language.
    await haccp.from().click();
    await page.locator('.mantine-Popover-dropdown').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/haccp-phone-en-dark-calendar.png` });
    await page.keyboard.press('Escape');
  });

  it('writes the period in the date inputs as the table writes its dates, in German and in English', async () => {
    for (const [lang, shape] of [
      ['de', /^\d{2}\.\d{2}\.\d{4}$/],
      ['en', /^\d{2}\/\d{2}\/\d{4}$/],
    ] as const) {
      // The browser's own locale (en-US, month first) must not decide how the page writes a day.
      const page = await pageWith({ locale: 'en-US', viewport: { width: 1280, height: 860 } }, { 'wb.language': lang });
      const haccp = new HaccpPage(page, lang);
      await haccp.goto(baseUrl, serialNumber);
      await expect.poll(() => haccp.eventRows('pass').count()).toBe(CYCLES - 1);
      const to = await haccp.to().inputValue();
      expect(to, lang).toMatch(shape);
      expect(await haccp.from().inputValue(), lang).toMatch(shape);
      // The newest cycle started today (or, seeded just before midnight, yesterday): its start cell
      // begins with the day in the "to" input, written the same way.
      const newest = (await haccp.eventsTable().locator('tbody tr').first().locator('td').nth(1).innerText()).trim();
      const [day, month, year] = to.split(/[./]/).map(Number);
      const yesterday = formatDate(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) - 1, 12), 'short', lang, 'UTC');
      expect(newest.startsWith(to) || newest.startsWith(yesterday), `${lang}: ${newest} starts with ${to}`).toBe(true);
      // The failing cycle's badge is written whole ("NICHT BESTANDEN" was cut to "NICHT BESTAN…").
      const label = haccp.eventRows('fail').locator('.mantine-Badge-label');
      expect(await label.evaluate((el) => el.scrollWidth - el.clientWidth), lang).toBeLessThanOrEqual(0);
      await screenshot(page, `haccp-period-${lang}`);
      // On a 1280 px laptop the whole table is in view: no column hidden behind a sideways scroll.
      const hidden = await haccp.eventsTable().evaluate((table) => {
        const frame = table.closest('.mantine-Paper-root');
        return frame ? table.getBoundingClientRect().right - frame.getBoundingClientRect().right : 1;
      });
      expect(hidden, lang).toBeLessThanOrEqual(0);
      // A day typed the page's way is read back the same.
      await haccp.from().fill(lang === 'de' ? '01.02.2026' : '01/02/2026');
      await haccp.to().click();
      expect(await haccp.from().inputValue()).toBe(lang === 'de' ? '01.02.2026' : '01/02/2026');
    }
  });

  // Last: the correction adds a row under the failed cycle, which the tests above count.
  it('lets the service add a correction under a record, and offers the kitchen none', async () => {
    const page = await pageWith({ viewport: { width: 1366, height: 900 } }, { 'wb.language': 'en' });
    const haccp = new HaccpPage(page, 'en');
    await haccp.goto(baseUrl, serialNumber);
    const failed = haccp.eventRows('fail');
    await failed.waitFor();
    await failed.getByRole('button', { name: new RegExp(`^${en.haccp.correction.action}: `) }).click();
    const dialog = page.getByRole('dialog', { name: en.haccp.correction.title });
    await dialog.getByText(en.haccp.correction.explain).waitFor();
    // Too short a note is refused in the dialog, and nothing is added.
    const field = dialog.getByRole('textbox', { name: en.haccp.correction.note });
    await field.fill('ok');
    await dialog.getByRole('button', { name: en.haccp.correction.save }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    // The limits, written in the page's language, stand once: in red in place of the hint.
    const limits = interpolate(en.haccp.correction.noteHint, { min: 3, max: 1000 }, 'en');
    expect(await dialog.getByText(limits).count()).toBe(1);
    await screenshot(page, 'haccp-correction-dialog-en');
    const note = 'Reference thermometer read 84.0 °C at the rinse arm; probe recalibrated.';
    await field.fill(note);
    await dialog.getByRole('button', { name: en.haccp.correction.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The record stays as the machine reported it; the correction stands under it, with who and when.
    const correction = haccp.eventsTable().locator('[data-corrects]');
    await correction.waitFor();
    expect(await correction.innerText()).toContain(note);
    expect(await correction.innerText()).toMatch(/^Correction by .+, \d{2}\/\d{2}\/\d{4}/);
    expect(await failed.innerText()).toContain('78.4 °C');
    // It reads as part of its record, not as the next one: the same background as the record's row.
    const background = (row: Locator) => row.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background(correction)).toBe(await background(failed));
    await expectNoRawKeys(page);
    await screenshot(page, 'haccp-correction-en');

    // An alarm is corrected the same way, on its own tab.
    await haccp.tab('alarms').click();
    const overheating = page.getByTestId('haccp-alarm-OH01');
    await overheating.getByRole('button', { name: new RegExp(`^${en.haccp.correction.action}: OH01 · `) }).click();
    const alarmNote = 'Boiler thermostat replaced the same afternoon.';
    await dialog.getByRole('textbox', { name: en.haccp.correction.note }).fill(alarmNote);
    await dialog.getByRole('button', { name: en.haccp.correction.save }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => haccp.alarmsTable().locator('[data-corrects]').innerText()).toContain(alarmNote);
    expect(await background(haccp.alarmsTable().locator('[data-corrects]'))).toBe(await background(overheating));
    await screenshot(page, 'haccp-correction-alarm-en');

    // A kitchen manager of the machine sees the correction but cannot add one.
    const email = `km-haccp-${run}@washboard.test`;
    const kitchen = await openPage(browser, contexts, {}, { 'wb.language': 'en' }, { role: 'KITCHEN_MANAGER', email });
    // The machine becomes the kitchen's (the administrator had claimed it for itself).
    await admin.post(`/api/v1/appliance/unclaim?serialNumber=${serialNumber}`, {});
    await admin.post('/api/v1/appliance/claim', { serialNumber, userEmail: email });
    const own = new HaccpPage(kitchen, 'en');
    await own.goto(baseUrl, serialNumber);
    await own.eventsTable().locator('[data-corrects]').waitFor();
    expect(await own.eventRows('pass').count()).toBe(CYCLES - 1);
    expect(await kitchen.getByRole('button', { name: new RegExp(`^${en.haccp.correction.action}`) }).count()).toBe(0);
  });

  it('shows a kitchen that took the machine over only its own days, and says why', async () => {
    // The kitchen of the test above lets the machine go; another one claims it (docs/permissions.md,
    // "A machine that changes hands"): every cycle of this spec is the earlier kitchen's.
    const email = `km-haccp-next-${run}@washboard.test`;
    const next = await openPage(browser, contexts, {}, { 'wb.language': 'en' }, { role: 'KITCHEN_MANAGER', email });
    await admin.post(`/api/v1/appliance/unclaim?serialNumber=${serialNumber}&userEmail=km-haccp-${run}@washboard.test`, {});
    await admin.post('/api/v1/appliance/claim', { serialNumber, userEmail: email });
    const haccp = new HaccpPage(next, 'en');
    await haccp.goto(baseUrl, serialNumber);
    await next.getByText(en.haccp.noEvents).waitFor();
    const note = next.locator('[data-history-from]');
    const historyFrom = (await note.getAttribute('data-history-from')) ?? '';
    expect(Date.now() - Date.parse(historyFrom)).toBeLessThan(120_000);
    const timeZone = await next.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await note.innerText()).toBe(
      interpolate(en.device.historyFrom, { date: formatDate(historyFrom, 'long', 'en', timeZone) }, 'en'),
    );
    await expectNoRawKeys(next);
    await screenshot(next, 'haccp-taken-over-en');
    // The administrator, who answers for the machine whoever uses it, still reads every cycle.
    const page = await pageWith({}, { 'wb.language': 'en' });
    const all = new HaccpPage(page, 'en');
    await all.goto(baseUrl, serialNumber);
    await expect.poll(() => all.eventRows('pass').count()).toBe(CYCLES - 1);
    expect(await page.locator('[data-history-from]').count()).toBe(0);
  });
});
