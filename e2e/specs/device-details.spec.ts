import { describe, expect, inject, it } from 'vitest';
import {
  alarmByCode,
  BRANDS,
  catalogues,
  deviceCatalogues,
  deviceTopic,
  formatDate,
  formatTime,
  LATEST_FIRMWARE,
  type TDeviceStats,
} from '@washboard/contracts';
import { adminWithMachines } from '../fixtures/admin-suite';
import { expectNoRawKeys, screenshot } from '../fixtures/browser';
import { claimedMqttDevice, createProduct } from '../fixtures/virtual-machine';
import { DeviceDetailsPage } from '../pom/device-details-page';
import { DevicesPage } from '../pom/devices-page';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const itDevice = deviceCatalogues.it;
const suite = adminWithMachines();
const { adminPage, machineNamed } = suite;

const whole = (n: number) => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 }).format(n);

describe('device details', () => {
  it("shows the machine's details, versions and statistics as figures and charts", async () => {
    const machine = await machineNamed('Lavastoviglie dettagli', { initialCycles: 1200 });
    const page = await adminPage();
    const details = new DeviceDetailsPage(page);
    await details.goto(baseUrl, machine.serial);
    await details.nameHeading('Lavastoviglie dettagli').waitFor();
    expect(await details.field('detail-modelNumber').textContent()).toContain('WB-500');
    await expect.poll(() => details.field('detail-fw00').textContent()).toContain(machine.versions.fw00);
    await expect.poll(() => details.field('detail-connectivity').textContent()).toContain(machine.versions.connectivity);
    expect(await details.field('detail-brand').textContent()).toContain(BRANDS.LUMINA.title);
    // Unknown fields show a dash, not an empty space.
    expect(await page.getByText('—', { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'device-details');

    await details.open('statistics');
    const stats = machine.stats;
    await expect.poll(() => details.field('stat-totalCycles').textContent()).toContain(whole(stats.totalCycles));
    expect(await details.field('stat-totalWater').textContent()).toContain(`${whole(stats.totalWater / 10)} l`);
    expect(await details.field('stat-cyclesUntilMaintenance').textContent()).toContain(whole(stats.cyclesUntilMaintenance));
    // The counters over time: one chart per charted counter.
    await expect.poll(() => page.getByTestId('statistics-charts').getByRole('img').count()).toBe(6);
    await expectNoRawKeys(page);
    await screenshot(page, 'device-details-statistics');

    await details.open('documents');
    // The dashboard lists the electric schema and the user manual; the technician's four are the companion's (§2).
    await page.getByTestId('document-userManual').waitFor();
    expect(
      await page.locator('[data-testid^="document-"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid'))),
    ).toEqual(['document-electricSchema', 'document-userManual']);
    const download = page.waitForEvent('download');
    await page.getByTestId('document-userManual').getByRole('button', { name: it_.common.download }).click();
    expect((await download).suggestedFilename()).toBe('WB-500-user-manual.pdf');

    // The machine's other screens are one click away; the admin also sees the factory parameters.
    const areas = page.getByRole('navigation', { name: it_.device.areasLabel });
    expect(await areas.getByRole('link').allTextContents()).toEqual([
      it_.layout.breadcrumbs.remoteControl,
      it_.layout.breadcrumbs.parameters,
      it_.layout.breadcrumbs.cycles,
      it_.layout.breadcrumbs.factoryParameters,
      it_.layout.breadcrumbs.haccp,
    ]);
    await areas.getByRole('link', { name: it_.layout.breadcrumbs.haccp }).click();
    await page.waitForURL(`**/device/${machine.serial}/haccp`);
  });

  it('shows usage per day and per week as bars, a restarted counter counting from zero, on a desk and a phone', async () => {
    // Six days of counter reports at noon, the browser's calendar (the test runs in its time zone):
    // day −3 sent nothing, and on day −2 the board was replaced, its water and regeneration counters
    // starting again from zero (the regeneration counter fell 16 → 5 in issue 14).
    const noon = (daysAgo: number) => {
      const d = new Date();
      d.setHours(12, 0, 0, 0);
      d.setDate(d.getDate() - daysAgo);
      return d;
    };
    const day = (daysAgo: number) => formatDate(noon(daysAgo), 'short', 'it', Intl.DateTimeFormat().resolvedOptions().timeZone);
    const reports: [number, number, number, number][] = [
      // days ago, water (l × 10), regenerations, cycles
      [6, 50_000, 14, 1000],
      [5, 53_000, 16, 1040],
      [4, 55_000, 16, 1060],
      [2, 900, 5, 1100],
      [1, 2100, 6, 1130],
    ];
    const serialNumber = `USE-${Date.now().toString(36)}`.toUpperCase();
    const device = await claimedMqttDevice(suite.admin(), mqttPort, { serialNumber }, 'Lavastoviglie consumi', '246810');
    try {
      for (const [daysAgo, totalWater, regenerationCycles, totalCycles] of reports) {
        const stats: TDeviceStats = {
          ts: noon(daysAgo).toISOString(),
          totalCycles,
          totalWater,
          rinsePumpTime: totalCycles * 15,
          washPumpTime: totalCycles * 120,
          energy: totalCycles * 900,
          regenerationCycles,
          logsCount: totalCycles,
          boilerHeaterTime: totalCycles * 60,
          tankHeaterTime: totalCycles * 30,
          cyclesUntilMaintenance: 5000 - totalCycles,
        };
        await device.publishAsync(deviceTopic(serialNumber, 'stats'), JSON.stringify(stats), { qos: 1 });
      }
      const statistics = it_.device.statistics;
      const waterPerDay = statistics.usagePerDay.replace('{{series}}', statistics.usageSeries.totalWater);
      const regenerationsPerDay = statistics.usagePerDay.replace('{{series}}', statistics.usageSeries.regenerationCycles);
      // At desk width in the light scheme, on a phone in the dark one.
      const looks = [
        { viewport: undefined, scheme: 'light' },
        { viewport: { width: 390, height: 844 }, scheme: 'dark' },
      ] as const;
      for (const { viewport, scheme } of looks) {
        const page = await adminPage(viewport && { viewport, isMobile: true, hasTouch: true }, { 'wb.colorScheme': scheme });
        const details = new DeviceDetailsPage(page);
        await details.goto(baseUrl, serialNumber);
        await details.open('statistics');
        await expect.poll(() => details.field('stat-totalWater').textContent()).toContain('210 l');
        // The first report only sets where counting starts; the missing day has no bar; the new
        // board's counters count from zero instead of going negative.
        await expect
          .poll(() => details.usageBars(waterPerDay))
          .toEqual(
            expect.arrayContaining([
              `${day(5)}: 300 l`,
              `${day(4)}: 200 l`,
              `${day(3)}: ${statistics.noReport}`,
              `${day(2)}: 90 l`,
              `${day(1)}: 120 l`,
            ]),
          );
        expect(await details.usageBars(regenerationsPerDay)).toEqual(
          expect.arrayContaining([`${day(5)}: 2`, `${day(4)}: 0`, `${day(2)}: 5`, `${day(1)}: 1`]),
        );
        expect(await details.usageChart(waterPerDay).isVisible()).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport?.width ?? 1366);
        await expectNoRawKeys(page);
        await screenshot(page, viewport ? 'device-details-usage-phone-dark' : 'device-details-usage');

        // A week's bar holds the week's days: over both weeks, the water of the five days.
        await details.usagePer('week');
        const waterPerWeek = statistics.usagePerWeek.replace('{{series}}', statistics.usageSeries.totalWater);
        await details.usageChart(waterPerWeek).waitFor();
        const weeks = await details.usageBars(waterPerWeek);
        const litres = weeks.map((bar) => Number(/: ([\d.]+) l$/.exec(bar)?.[1]?.replace('.', '') ?? 0));
        expect(litres.reduce((sum, l) => sum + l, 0)).toBe(710);
      }
    } finally {
      await device.endAsync();
    }
  });

  it('says when there are no statistics and the alarm register is empty, then lists an alarm with its solutions', async () => {
    // A product that never connected: no counters, no alarms (an admin sees every machine of the brand).
    const serialNumber = `NEW-${Date.now().toString(36)}`.toUpperCase();
    await createProduct(suite.admin(), { serialNumber, modelNumber: 'WB-300', gamma: 'prime', ratingPower: 'M2' });
    // A browser far from Rome and from UTC: the register writes times in the browser's zone, as HACCP does.
    const page = await adminPage({ timezoneId: 'Asia/Tokyo' });
    const details = new DeviceDetailsPage(page);
    await details.goto(baseUrl, serialNumber);
    await details.open('statistics');
    await page.getByText(it_.errors.noStatistics).waitFor();
    await details.open('alarms');
    await page.getByText(it_.alarmRegister.empty).waitFor();

    const machine = await machineNamed('Lavastoviglie allarmi');
    await details.goto(baseUrl, machine.serial);
    await details.open('alarms');
    await page.getByText(it_.alarmRegister.empty).waitFor();

    const raisedAt = Date.now();
    machine.raiseAlarm('W03');
    const row = details.alarmRow('W03');
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    const inTokyo = [raisedAt - 60_000, raisedAt, raisedAt + 60_000].map((t) => formatTime(t, false, 'it', 'Asia/Tokyo'));
    expect(
      inTokyo.some((time) => text.includes(time)),
      `${text} shows none of ${inTokyo.join(', ')}`,
    ).toBe(true);
    expect(text).toContain(itDevice.alarms.W03);
    expect(text).toContain(it_.device.alarms.active);
    // The solutions, in the catalogue's order.
    const solutions = await row.getByRole('listitem').allTextContents();
    expect(solutions).toEqual(alarmByCode('W03')?.solutions.map((id) => itDevice.solutions[id]));
    expect(await details.alarmRegister().getByRole('columnheader').allTextContents()).toEqual([
      it_.alarmRegister.columns.date,
      it_.alarmRegister.columns.time,
      it_.alarmRegister.columns.description,
      it_.alarmRegister.columns.solutions,
      it_.alarmRegister.handling,
    ]);
    await screenshot(page, 'device-details-alarms');

    // Cleared: still in the register, no longer marked active.
    machine.clearAlarm('W03');
    await expect.poll(() => row.textContent()).not.toContain(it_.device.alarms.active);
  });

  it('runs a firmware update: confirmation, a progress bar while it runs, then the update-complete confirmation', async () => {
    // Fifteen machine seconds per real second: the 150 s update takes about ten seconds.
    const machine = await machineNamed('Lavastoviglie firmware', { speed: 15 });
    machine.start(200);
    const latest = LATEST_FIRMWARE.infinity;
    const page = await adminPage();
    const details = new DeviceDetailsPage(page);
    await details.goto(baseUrl, machine.serial);
    await details.open('firmware');
    await page.getByText(it_.firmware.available.replace('{{version}}', latest)).waitFor();
    expect(await details.firmwarePercent()).toBe(-1);

    await details.button(it_.firmware.install).click();
    await details.dialog().getByText(it_.firmware.confirmInstall).waitFor();
    await details.dialog().getByRole('button', { name: it_.firmware.install }).click();

    await expect.poll(() => details.firmwarePercent(), { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    await expect.poll(() => details.firmwarePercent(), { timeout: 15_000 }).toBeGreaterThan(20);
    const midway = await details.firmwarePercent();
    expect(midway).toBeLessThan(100);
    await page.getByText(it_.firmware.doNotTurnOff).waitFor();
    await screenshot(page, 'device-details-firmware-progress');

    const done = page.getByRole('dialog', { name: it_.firmware.completed });
    await done.waitFor({ timeout: 30_000 });
    expect(await done.textContent()).toContain(it_.firmware.completedMessage);
    // The bar shows only while the update runs.
    expect(await details.firmwarePercent()).toBe(-1);
    expect(machine.versions.fw00).toBe(latest);
    await done.getByRole('button', { name: it_.common.ok }).click();
    await expect.poll(() => page.getByTestId('firmware-installed').textContent()).toContain(latest);
    await page.getByText(it_.firmware.upToDate).waitFor();
    await screenshot(page, 'device-details-firmware-done');
  });

  it('renames the machine after checking the name, and deletes it only after the confirmation', async () => {
    const machine = await machineNamed('Lavastoviglie vecchia');
    const page = await adminPage();
    const details = new DeviceDetailsPage(page);
    await details.goto(baseUrl, machine.serial);
    await details.nameHeading('Lavastoviglie vecchia').waitFor();

    const modal = await details.rename('   ');
    await modal.getByText(it_.validation.mandatory).waitFor();
    await modal.getByLabel(it_.device.actions.newName).fill('Lavastoviglie bar');
    await modal.getByRole('button', { name: it_.common.save }).click();
    await details.nameHeading('Lavastoviglie bar').waitFor();
    await page.getByText(it_.success.applianceRenamed).waitFor();

    await details.button(it_.device.actions.delete).click();
    await details.dialog().getByText(it_.device.actions.deleteConfirm).waitFor();
    await details.dialog().getByRole('button', { name: it_.common.cancel }).click();
    expect(page.url()).toContain(`/device/${machine.serial}`);

    await details.button(it_.device.actions.delete).click();
    await details.dialog().getByRole('button', { name: it_.common.delete }).click();
    await page.waitForURL('**/devices');
    const devices = new DevicesPage(page);
    await devices.heading().waitFor();
    await page.getByText(it_.success.applianceDeleted).waitFor();
    // The admin no longer holds it (an admin still sees every machine of the brand in the list).
    const detail = await suite
      .admin()
      .get<{ owned: boolean }>(`/api/v1/appliance/getApplianceDetail?serialNumber=${machine.serial}`);
    expect(detail.owned).toBe(false);
  });

  it('looks right in dark, on a phone and in English', async () => {
    const machine = await machineNamed('Macchina demo', { initialCycles: 300 });
    machine.raiseAlarm('T16');

    const dark = await adminPage({}, { 'wb.colorScheme': 'dark' });
    const darkPage = new DeviceDetailsPage(dark);
    await darkPage.goto(baseUrl, machine.serial);
    await darkPage.open('statistics');
    await dark.getByTestId('statistics-charts').waitFor();
    await screenshot(dark, 'device-details-dark');

    const phone = await adminPage({ viewport: { width: 390, height: 844 } });
    const phonePage = new DeviceDetailsPage(phone);
    await phonePage.goto(baseUrl, machine.serial);
    await screenshot(phone, 'device-details-390');
    await phonePage.open('alarms');
    await phonePage.alarmRow('T16').waitFor();
    await screenshot(phone, 'device-details-390-alarms');
    // Nothing is wider than the phone but the register's own scroll area.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const english = await adminPage({}, { 'wb.language': 'en' });
    const englishPage = new DeviceDetailsPage(english, 'en');
    await englishPage.goto(baseUrl, machine.serial);
    await englishPage.open('alarms');
    await englishPage.alarmRow('T16').getByText(deviceCatalogues.en.alarms.T16).waitFor();
    await expectNoRawKeys(english);
    await screenshot(english, 'device-details-en-alarms');
    await englishPage.open('statistics');
    await english.getByTestId('statistics-charts').waitFor();
    await screenshot(english, 'device-details-en-statistics');
  });

  it('reads UPDATING in the list and on the device page while the machine installs firmware', async () => {
    const serialNumber = `FOTA-${Date.now().toString(36)}`.toUpperCase();
    const device = await claimedMqttDevice(suite.admin(), mqttPort, { serialNumber }, 'Lavastoviglie aggiornamento', '424242');
    const fota = (perc: number, inProg: boolean) =>
      device.publishAsync(deviceTopic(serialNumber, 'fota'), JSON.stringify({ perc, inProg, version: '9.0.0' }), { qos: 1 });
    try {
      const list = await adminPage({ viewport: { width: 390, height: 844 } });
      const devices = new DevicesPage(list);
      await devices.goto(baseUrl, `?q=${serialNumber}`);
      const card = devices.card('Lavastoviglie aggiornamento');
      await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.IDLE);
      const page = await adminPage({}, { 'wb.colorScheme': 'dark' });
      const details = new DeviceDetailsPage(page);
      await details.goto(baseUrl, serialNumber);
      await expect.poll(() => page.getByTestId('machine-state').textContent()).toBe(it_.machineState.IDLE);

      // The machine keeps reporting READY (systemState 2) while it installs: both screens say UPDATING.
      await fota(40, true);
      await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.UPDATING);
      await expect.poll(() => page.getByTestId('machine-state').textContent()).toBe(it_.machineState.UPDATING);
      await screenshot(list, 'devices-updating-390');
      await screenshot(page, 'device-details-updating-dark');
      // Also after a reload: the API answers it, not only the push.
      await list.reload();
      await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.UPDATING);

      await fota(100, false);
      await expect.poll(() => card.getByTestId('machine-state').textContent()).toBe(it_.machineState.IDLE);
      await expect.poll(() => page.getByTestId('machine-state').textContent()).toBe(it_.machineState.IDLE);
    } finally {
      await device.endAsync();
    }
  });

  it('shows a serial number that does not exist as NOT FOUND, without the links to its screens', async () => {
    for (const [name, options] of [
      ['desk', {}],
      ['390-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const }],
    ] as const) {
      const page = await adminPage(options);
      await page.goto(`${baseUrl}/device/NO-SUCH-MACHINE`);
      await page.getByTestId('status-notFound').waitFor();
      expect(await page.getByRole('navigation', { name: it_.device.areasLabel }).count()).toBe(0);
      for (const area of ['remoteControl', 'parameters', 'cycles', 'haccp'] as const) {
        expect(await page.getByRole('link', { name: it_.layout.breadcrumbs[area] }).count(), area).toBe(0);
      }
      expect(await page.getByRole('tab').count()).toBe(0);
      await screenshot(page, `device-not-found-${name}`);
    }
  });
});
