import { describe, expect, inject, it } from 'vitest';
import { catalogues } from '@washboard/contracts';
import { adminWithMachines } from '../fixtures/admin-suite';
import { expectNoRawKeys, screenshot } from '../fixtures/browser';
import { AppShell } from '../pom/app-shell';
import { DeviceDetailsPage } from '../pom/device-details-page';

const baseUrl = inject('baseUrl');
const it_ = catalogues.it;
const { adminPage, machineNamed } = adminWithMachines();

describe('threshold notification settings', () => {
  it('are edited by the brand’s admin on the device page, in light and dark and on a phone', async () => {
    const machine = await machineNamed('Lavastoviglie soglie');
    const page = await adminPage();
    const details = new DeviceDetailsPage(page);
    await details.goto(baseUrl, machine.serial);
    await details.open('thresholds');
    const section = page.getByRole('region', { name: it_.thresholds.title });
    await section.getByText(it_.thresholds.usingDefaults).waitFor();
    expect(await section.getByLabel(it_.thresholds.maintenanceCycles).inputValue()).toBe('20');
    // Whose 06:00: the machine's clock — Rome's, for a machine that reported no installation.
    await section.getByText(it_.thresholds.openingHoursClock.replace('{{zone}}', 'Europe/Rome')).waitFor();

    // Closing before opening is refused in the form; a new threshold is saved and kept.
    await section.getByLabel(it_.thresholds.closesAt).fill('05:00');
    await section.getByText(it_.thresholds.openingHoursInvalid).waitFor();
    expect(await section.getByRole('button', { name: it_.thresholds.save }).isDisabled()).toBe(true);
    await section.getByLabel(it_.thresholds.closesAt).fill('22:00');
    await section.getByLabel(it_.thresholds.maintenanceCycles).fill('50');
    await section.getByRole('button', { name: it_.thresholds.save }).click();
    await page.getByText(it_.thresholds.saved).waitFor();
    await section.getByText(it_.thresholds.custom).waitFor();
    await expectNoRawKeys(page);
    await screenshot(page, 'threshold-settings-light');

    await page.reload();
    await details.open('thresholds');
    expect(await section.getByLabel(it_.thresholds.maintenanceCycles).inputValue()).toBe('50');
    expect(await section.getByLabel(it_.thresholds.closesAt).inputValue()).toBe('22:00');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'threshold-settings-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'threshold-settings-390-dark');
    await new AppShell(page).colorSchemeToggle().click();
  });
});
