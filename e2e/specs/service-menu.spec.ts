import { describe, expect, inject, it } from 'vitest';
import { catalogues, LATEST_FIRMWARE, parametersFor, SYSTEM_STATES } from '@washboard/contracts';
import { presets } from '../../apps/simulator/src/catalogue';
import { adminWithMachines } from '../fixtures/admin-suite';
import { screenshot } from '../fixtures/browser';
import { ServiceMenuScreen } from '../pom/service-menu-screen';

const baseUrl = inject('baseUrl');
const it_ = catalogues.it;
const PHONE = { viewport: { width: 390, height: 844 } };
const { admin, adminPage, machineNamed } = adminWithMachines();

describe('the companion service menu (390 × 844)', () => {
  it('opens behind the PIN after a wrong one, resets an alarm and factory-resets the machine', async () => {
    const machine = await machineNamed('Menu di servizio');
    const page = await adminPage(PHONE);
    const menu = new ServiceMenuScreen(page);
    await menu.goto(baseUrl, machine.serial);

    await menu.setPin('482913');
    await menu.enterPin('111111');
    await page.getByText(/PIN errato/).waitFor();
    await screenshot(page, 'service-menu-wrong-pin');
    await menu.enterPin('482913');
    await menu.menu().waitFor();

    machine.raiseAlarm('OH01');
    await menu.button(it_.mobile.serviceMenu.resetAlarms).click();
    await page.getByText(it_.mobile.serviceMenu.alarmsCleared.replace('{{codes}}', 'OH01')).waitFor();
    expect(machine.activeAlarms.map((a) => a.code)).not.toContain('OH01');
    await screenshot(page, 'service-menu');

    const param = parametersFor('infinity', 'cycle').find((p) => !p.options && p.default + p.step <= p.max);
    if (!param) throw new Error('no writable cycle parameter');
    await admin().post(`/api/v1/event-hub-listener/event/${machine.serial}/parameters`, {
      values: { [param.key]: param.default + param.step },
    });
    expect(machine.params[param.key]).not.toBe(presets('infinity')[param.key]);
    await menu.button(it_.mobile.serviceMenu.factoryReset).click();
    await page.getByText(it_.mobile.serviceMenu.factoryResetConfirm).waitFor();
    await menu.confirmIn(it_.mobile.serviceMenu.confirm).click();
    await page.getByText(it_.mobile.serviceMenu.factoryResetConfirmAgain).waitFor();
    await menu.confirmIn(it_.mobile.serviceMenu.factoryReset).click();
    await page.getByText(it_.mobile.serviceMenu.factoryResetDone).waitFor();
    expect(machine.params).toEqual(presets('infinity'));

    // The firmware update opens on a screen of its own, with the version on offer.
    await page.getByRole('link', { name: it_.mobile.serviceMenu.firmwareUpdate }).click();
    await page.waitForURL(`**/app/device/${encodeURIComponent(machine.serial)}/firmware`);
    await page.getByRole('heading', { name: it_.mobile.machine.firmware }).waitFor();
    await page.getByText(it_.firmware.available.replace('{{version}}', LATEST_FIRMWARE.infinity)).waitFor();
    await page.getByRole('button', { name: it_.firmware.install }).waitFor();
    await screenshot(page, 'companion-firmware');
  });

  it('says in the user’s language that the server cannot be reached, not the browser’s "Failed to fetch"', async () => {
    const machine = await machineNamed('Menu senza rete');
    // No service worker, so that page.route sees the API calls.
    const page = await adminPage({ ...PHONE, serviceWorkers: 'block' });
    await page.route('**/api/v1/service/**', (route) => route.abort('internetdisconnected'));
    await new ServiceMenuScreen(page).goto(baseUrl, machine.serial);
    await page.getByText(it_.apiErrors.NETWORK_ERROR).waitFor();
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await screenshot(page, 'service-menu-no-network');
  });

  it('shows the front panel locked while remote control is active', async () => {
    const machine = await machineNamed('Pannello bloccato');
    await admin().post(`/api/v1/event-hub-listener/event/${machine.serial}/run-live`, { seconds: 60 });
    expect(machine.startCycle('fast')).toBe('PANEL_LOCKED');
    expect(machine.model.state).toBe(SYSTEM_STATES.IDLE);
    const page = await adminPage(PHONE);
    await page.goto(`${baseUrl}/app/device/${encodeURIComponent(machine.serial)}`);
    await page.getByTestId('panel-locked').getByText(it_.device.fields.panelLocked).waitFor();
    await screenshot(page, 'companion-panel-locked');
  });
});
