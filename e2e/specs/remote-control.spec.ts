import { describe, expect, inject, it } from 'vitest';
import { catalogues } from '@washboard/contracts';
import { adminWithMachines } from '../fixtures/admin-suite';
import { screenshot } from '../fixtures/browser';
import { RemoteControlPage } from '../pom/remote-control-page';

const baseUrl = inject('baseUrl');
const it_ = catalogues.it;
const { adminPage, machineNamed } = adminWithMachines();

describe('remote control', () => {
  it('asks for the safety warning, then runs a cycle through its confirmation, shows it progress and stops it', async () => {
    // Ten machine seconds per real second: the intensive cycle (266 s) takes about half a minute.
    const machine = await machineNamed('Lavaggio remoto', { speed: 10, telemetryIntervalSeconds: 2 });
    machine.start(250);
    const page = await adminPage();
    const remote = new RemoteControlPage(page);
    await remote.goto(baseUrl, machine.serial);

    // Nothing can be commanded before the warning about the front panel is confirmed.
    expect(await remote.warning().isVisible()).toBe(true);
    expect(await remote.button('startCycle').count()).toBe(0);
    await remote.acceptWarning();
    await expect.poll(() => remote.state().textContent()).toBe(it_.machineState.IDLE);
    expect(await remote.progressValue()).toBe(0);

    await remote.cyclePicker().selectOption('intensive');
    await remote.button('startCycle').click();
    await remote.dialog().getByText(it_.remoteControl.confirmStart.replace('{{cycle}}', it_.cycles.intensive)).waitFor();
    // Cancelling sends nothing.
    await remote.dialog().getByRole('button', { name: it_.common.cancel }).click();
    expect(machine.currentCycle).toBeNull();

    await remote.button('startCycle').click();
    await remote.confirm('startCycle');
    await expect.poll(() => machine.currentCycle?.type).toBe('intensive');
    await expect.poll(() => remote.state().textContent()).toBe(it_.machineState.RUN);
    await expect.poll(() => remote.currentCycle().textContent()).toBe(it_.cycles.intensive);
    await expect.poll(() => remote.progressValue(), { timeout: 15_000 }).toBeGreaterThan(0);
    const first = await remote.progressValue();
    await expect.poll(() => remote.progressValue(), { timeout: 15_000 }).toBeGreaterThan(first + 2);
    expect(await remote.progressValue()).toBeLessThan(100);
    // The intensive cycle's setpoints (88 °C boiler, 68 °C tank) under the live temperatures.
    const setpoint = (field: string) => page.getByTestId(`setpoint-${field}`);
    await expect.poll(() => setpoint('boilerTmp').textContent()).toBe(it_.device.live.setpoint.replace('{{value}}', '88,0 °C'));
    expect(await setpoint('tankTmp').textContent()).toBe(it_.device.live.setpoint.replace('{{value}}', '68,0 °C'));
    await screenshot(page, 'remote-control-running');

    await remote.button('stopCycle').click();
    await remote.dialog().getByText(it_.remoteControl.confirmStop).waitFor();
    await remote.confirm('stopCycle');
    await expect.poll(() => machine.currentCycle).toBeNull();
    await expect.poll(() => remote.state().textContent()).toBe(it_.machineState.IDLE);
    await expect.poll(() => remote.progressValue()).toBe(0);
    expect(await remote.currentCycle().textContent()).toBe(it_.device.live.noCycle);
    expect(await page.getByTestId('setpoint-boilerTmp').count()).toBe(0);

    // A refusal of the machine is shown: nothing runs, so "stop" is not offered; turning off is.
    expect(await remote.button('stopCycle').isDisabled()).toBe(true);
    await remote.button('turnOff').click();
    await remote.dialog().getByText(it_.remoteControl.confirmTurnOff).waitFor();
    await remote.confirm('turnOff');
    await expect.poll(() => ['SHUTDOWN', 'OFF'].includes(machine.stateName)).toBe(true);
    await expect
      .poll(() => remote.state().textContent())
      .toMatch(new RegExp(`^(${it_.machineState.SHUTDOWN}|${it_.machineState.OFF})$`));
  });

  it('locks the machine’s front panel while connected, and frees it at once on Disconnect', async () => {
    const machine = await machineNamed('Pannello remoto');
    const page = await adminPage();
    const remote = new RemoteControlPage(page);
    await remote.goto(baseUrl, machine.serial);
    expect(machine.model.remoteControlActive).toBe(false);
    await remote.acceptWarning();
    await expect.poll(() => machine.model.remoteControlActive).toBe(true);
    expect(machine.startCycle('fast')).toBe('PANEL_LOCKED');
    await remote.button('disconnect').click();
    await remote.warning().waitFor();
    await expect.poll(() => machine.model.remoteControlActive).toBe(false);
    expect(machine.startCycle('fast')).not.toBe('PANEL_LOCKED');
  });

  it('refuses a tank replacement while the machine starts up, with the spec’s message, and starts nothing while offline', async () => {
    const machine = await machineNamed('Avvio in corso', { initialState: 'OFF' });
    expect(machine.powerOn()).toBe(true);
    expect(machine.stateName).toBe('STARTUP');
    const page = await adminPage();
    const remote = new RemoteControlPage(page);
    await remote.goto(baseUrl, machine.serial);
    await remote.acceptWarning();
    await expect.poll(() => remote.state().textContent()).toBe(it_.machineState.STARTUP);
    await page.getByTestId('tanks-startup').waitFor();

    await remote.button('replaceDetergent').click();
    await remote.dialog().getByText(it_.remoteControl.confirmReplace).waitFor();
    await remote.dialog().getByRole('button', { name: it_.remoteControl.replaceDetergent }).click();
    // The machine refuses: the error dialog says why.
    await remote.dialog().getByText(it_.remoteControl.replacementInhibited).waitFor();
    await screenshot(page, 'remote-control-startup-refused');
    await remote.dialog().getByRole('button', { name: it_.common.ok }).click();

    machine.disconnect();
    await page.getByText(it_.remoteControl.notConnected).waitFor();
    expect(await remote.button('startCycle').isDisabled()).toBe(true);
    expect(await remote.cyclePicker().isDisabled()).toBe(true);
  });

  it('looks right in dark, on a phone and in English', async () => {
    const machine = await machineNamed('Macchina demo', { speed: 5, telemetryIntervalSeconds: 2 });
    machine.start(250);
    machine.startCycle('long');

    const dark = await adminPage({}, { 'wb.colorScheme': 'dark' });
    const remoteDark = new RemoteControlPage(dark);
    await remoteDark.goto(baseUrl, machine.serial);
    await screenshot(dark, 'remote-control-warning-dark');
    await remoteDark.acceptWarning();
    await expect.poll(() => remoteDark.progressValue(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(dark, 'remote-control-dark');

    const phone = await adminPage({ viewport: { width: 390, height: 844 } });
    const remotePhone = new RemoteControlPage(phone);
    await remotePhone.goto(baseUrl, machine.serial);
    await remotePhone.acceptWarning();
    await expect.poll(() => remotePhone.progressValue(), { timeout: 15_000 }).toBeGreaterThan(0);
    await screenshot(phone, 'remote-control-390');

    const english = await adminPage({}, { 'wb.language': 'en' });
    const remoteEnglish = new RemoteControlPage(english, 'en');
    await remoteEnglish.goto(baseUrl, machine.serial);
    await remoteEnglish.acceptWarning();
    await expect.poll(() => remoteEnglish.currentCycle().textContent()).toBe(catalogues.en.cycles.long);
    await screenshot(english, 'remote-control-en');
  });

  it('says, before turning a machine off, that it cannot be switched back on from here', async () => {
    const machine = await machineNamed('Spegnimento');
    for (const [name, options] of [
      ['desk-light', {}],
      ['390-dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark' as const }],
    ] as const) {
      const page = await adminPage(options);
      const remote = new RemoteControlPage(page);
      await remote.goto(baseUrl, machine.serial);
      await remote.acceptWarning();
      await remote.button('turnOff').click();
      await remote.dialog().getByText(it_.remoteControl.confirmTurnOff).waitFor();
      expect(await remote.dialog().textContent()).toContain(it_.remoteControl.turnOffOneWay);
      await screenshot(page, `remote-control-turn-off-${name}`);
      // Cancelling sends nothing.
      await remote.dialog().getByRole('button', { name: it_.common.cancel }).click();
      expect(machine.stateName).toBe('IDLE');
    }
  });
});
