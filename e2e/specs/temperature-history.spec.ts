import { describe, expect, inject, it } from 'vitest';
import { catalogues, type TTemperatureHistory } from '@washboard/contracts';
import { adminWithMachines } from '../fixtures/admin-suite';
import { expectNoRawKeys, screenshot } from '../fixtures/browser';

const baseUrl = inject('baseUrl');
const en = catalogues.en;
const { admin, adminPage, machineNamed } = adminWithMachines();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('temperature history', () => {
  it("draws a virtual machine's temperatures and volumes with its cycle shaded, and grows live at the right edge", async () => {
    const machine = await machineNamed('History machine');
    // A cycle of the virtual machine, its telemetry sent each second while it heats and washes.
    machine.startCycle('fast');
    for (let i = 0; i < 5; i += 1) {
      machine.advance(10);
      machine.sendTelemetry();
      await pause(1100);
    }
    machine.advance(300);

    const page = await adminPage({ viewport: { width: 1280, height: 900 } }, { 'wb.language': 'en' });
    await page.goto(`${baseUrl}/device/${machine.serial}`);
    const history = page.getByRole('region', { name: en.temperatureHistory.title });
    await history.waitFor({ timeout: 30_000 });
    await expect.poll(() => history.getByRole('img').count()).toBe(2);
    const temperatures = history.getByRole('img', { name: new RegExp(`^${en.temperatureHistory.temperatures}:`) });
    expect(await temperatures.getAttribute('aria-label')).toContain(en.device.live.boilerTemperature);
    expect(await temperatures.locator('[data-field="boilerTmp"] path').count()).toBe(2);
    // The grid lines say what they stand for: the highest, middle and lowest value drawn, in °C.
    const scale = await history.locator('[data-scale]').allTextContents();
    expect(scale.filter((label) => /^\d+(\.\d)? °C$/.test(label)).length).toBeGreaterThanOrEqual(1);
    expect(scale.length).toBeGreaterThanOrEqual(2);
    // The cycle's HACCP record (with its rinse trace) shades its time on both charts.
    await expect.poll(() => history.locator('[data-cycle]').count()).toBe(2);
    const points = Number(await history.getAttribute('data-points'));
    expect(points).toBeGreaterThanOrEqual(1);

    // A reading pushed while the page is open extends the chart at its right edge.
    await pause(1100);
    machine.sendTelemetry();
    await expect.poll(async () => Number(await history.getAttribute('data-live-points'))).toBeGreaterThanOrEqual(1);
    await expectNoRawKeys(page);
    await screenshot(page, 'temperature-history-day-light');

    // The last cycle, second by second.
    await history.getByText(en.temperatureHistory.periods.lastCycle).click();
    await expect.poll(() => history.locator('[data-cycle]').count()).toBe(2);
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'temperature-history-light');

    const phone = await adminPage({ viewport: { width: 390, height: 844 } }, { 'wb.language': 'en', 'wb.colorScheme': 'dark' });
    await phone.goto(`${baseUrl}/device/${machine.serial}`);
    const onPhone = phone.getByRole('region', { name: en.temperatureHistory.title });
    // A new page: the history arrives after the details (vitest's poll waits a second by default).
    await expect.poll(() => onPhone.getByRole('img').count(), { timeout: 15_000 }).toBe(2);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await onPhone.getByText(en.temperatureHistory.periods.lastCycle).click();
    await onPhone.scrollIntoViewIfNeeded();
    await screenshot(phone, 'temperature-history-390-dark');
  });

  it('leaves a gap where the machine sent nothing, instead of a line across the silence', async () => {
    // The machine's clock is set back to send readings of the past: an hour ago and half an hour
    // ago, a few each, with nothing between; it claims and reports at the wall clock.
    let offset = 0;
    const machine = await machineNamed('Gap machine', { clock: () => Date.now() + offset });
    for (const minutesAgo of [60, 30]) {
      offset = -minutesAgo * 60_000;
      for (let i = 0; i < 3; i += 1) {
        machine.sendTelemetry();
        offset += 10_000;
      }
    }
    offset = 0;
    machine.sendTelemetry();
    // All seven stored before the page asks (telemetry is fire-and-forget over MQTT).
    await expect
      .poll(async () => {
        const answer = await admin().get<TTemperatureHistory>(
          `/api/v1/event-hub-listener/event/${machine.serial}/temperature-history?period=day&buckets=1000`,
        );
        return answer.buckets.length;
      })
      .toBeGreaterThanOrEqual(3);

    const page = await adminPage({ viewport: { width: 1280, height: 900 } }, { 'wb.language': 'en' });
    await page.goto(`${baseUrl}/device/${machine.serial}`);
    const history = page.getByRole('region', { name: en.temperatureHistory.title });
    await history.waitFor({ timeout: 30_000 });
    // Three runs of readings: the day's buckets are 216 s, so silences of half an hour are gaps.
    const line = history
      .getByRole('img', { name: new RegExp(`^${en.temperatureHistory.temperatures}:`) })
      .locator('[data-field="boilerTmp"] path[data-runs]');
    await expect.poll(() => line.getAttribute('data-runs'), { timeout: 15_000 }).toBe('3');
    // Each run is a path of its own within the line: it moves (M) rather than draws (L) across a gap.
    expect((await line.getAttribute('d'))?.match(/M/g)).toHaveLength(3);
  });
});
