import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { catalogues } from '@washboard/contracts';
import type { VirtualDishwasher } from '@washboard/simulator';
import { ARTIFACTS, expectNoRawKeys, launchBrowser, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { openPage } from '../fixtures/pages';
import { claimedVirtualMachine } from '../fixtures/virtual-machine';
import { ParametersPage } from '../pom/parameters-page';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
let browser: Browser;
let admin: Api;
let machine: VirtualDishwasher;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  machine = await claimedVirtualMachine(admin, mqttPort, 'Lavastoviglie parametri');
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await machine?.close();
  await browser?.close();
});

const pageAs = (role: 'ADMIN' | 'KITCHEN_MANAGER', options?: BrowserContextOptions, storage?: Record<string, string>) =>
  openPage(browser, contexts, options, storage, role === 'ADMIN' ? { role, email: ADMIN.email } : { role });

describe('parameters', () => {
  it('changes a parameter on the machine, sending only what changed, and reads it back', async () => {
    const page = await pageAs('ADMIN');
    const editor = new ParametersPage(page);
    await editor.goto(baseUrl, machine.serial, 'parameters');
    // S12, the boiler's standby temperature: 70 °C on the machine, 50–80 °C allowed.
    expect(machine.params.S12).toBe(700);
    expect(await editor.field('S12').inputValue()).toBe('70');
    await page.getByText(it_.parameters.range.replace('{{min}}', '50 °C').replace('{{max}}', '80 °C')).first().waitFor();
    expect(await editor.saveButton().isDisabled()).toBe(true);

    // Numbers only: letters typed into the field are dropped.
    await editor.field('S12').fill('');
    await editor.field('S12').pressSequentially('6x5,5');
    expect(await editor.field('S12').inputValue()).toBe('65,5');
    const before = { ...machine.params };
    await editor.saveButton().click();
    await editor.dialog().getByText(it_.parameters.saved).waitFor();
    expect(machine.params.S12).toBe(655);
    // Only the changed value reached the machine.
    expect({ ...machine.params, S12: before.S12 }).toEqual(before);
    await editor.dialog().getByRole('button', { name: it_.common.ok }).click();
    expect(await editor.saveButton().isDisabled()).toBe(true);

    await page.reload();
    await editor.saveButton().waitFor();
    await expect.poll(() => editor.field('S12').inputValue()).toBe('65,5');
    await screenshot(page, 'parameters-light');
  });

  it('names the unit systems as the range offers them: metric or imperial, on Hiline °C or °F', async () => {
    const page = await pageAs('ADMIN');
    const editor = new ParametersPage(page);
    await editor.goto(baseUrl, machine.serial, 'parameters');
    expect(await editor.field('S47').locator('option').allTextContents()).toEqual([it_.units.metric, it_.units.imperial]);
    const hiline = await claimedVirtualMachine(admin, mqttPort, 'Lavastoviglie Hiline', { gamma: 'hiline' });
    try {
      await editor.goto(baseUrl, hiline.serial, 'parameters');
      await expect
        .poll(() => editor.field('S47').locator('option').allTextContents())
        .toEqual([it_.units.celsius, it_.units.fahrenheit]);
    } finally {
      await hiline.close();
    }
  });

  it('refuses an out-of-range value in the browser, and warns before leaving with unsaved changes', async () => {
    const page = await pageAs('ADMIN');
    const editor = new ParametersPage(page);
    await editor.goto(baseUrl, machine.serial, 'parameters');
    const kept = machine.params.S12 ?? 0;
    await editor.field('S12').fill('95');
    await editor.valueNotAllowed().waitFor();
    expect(await editor.field('S12').getAttribute('aria-invalid')).toBe('true');
    await editor.saveButton().click();
    await page.getByText(it_.errors.checkModifiedFields).waitFor();
    expect(machine.params.S12).toBe(kept);

    // Leaving asks first; staying keeps the edit.
    await page.getByRole('link', { name: it_.layout.breadcrumbs.home }).click();
    await editor.dialog().getByText(it_.parameters.unsaved).waitFor();
    await screenshot(page, 'parameters-unsaved-warning');
    await editor.dialog().getByRole('button', { name: it_.parameters.stay }).click();
    expect(new URL(page.url()).pathname).toBe(`/device/${machine.serial}/parameters`);
    expect(await editor.field('S12').inputValue()).toBe('95');

    // Discarding puts the machine's value back and lets the user leave without a question.
    await editor.discardButton().click();
    expect(await editor.field('S12').inputValue()).toBe(String(kept / 10).replace('.', ','));
    expect(await editor.valueNotAllowed().count()).toBe(0);
    expect(await editor.saveButton().isDisabled()).toBe(true);

    // The browser's history buttons ask too: staying keeps the page and the edit.
    await page.getByRole('link', { name: it_.layout.breadcrumbs.home }).click();
    await page.waitForURL('**/devices');
    await page.goBack();
    await editor.field('S12').fill('60');
    await page.goForward();
    await editor.dialog().getByText(it_.parameters.unsaved).waitFor();
    await editor.dialog().getByRole('button', { name: it_.parameters.stay }).click();
    expect(new URL(page.url()).pathname).toBe(`/device/${machine.serial}/parameters`);
    expect(await editor.field('S12').inputValue()).toBe('60');

    // Leaving with a change, and choosing to discard it, leaves; nothing reached the machine.
    await page.getByRole('link', { name: it_.layout.breadcrumbs.home }).click();
    await editor.dialog().getByRole('button', { name: it_.parameters.discardAndLeave }).click();
    await page.waitForURL('**/devices');
    expect(machine.params.S12).toBe(kept);
  });

  it('edits the fields of one cycle', async () => {
    const page = await pageAs('ADMIN', { viewport: { width: 390, height: 844 } });
    const editor = new ParametersPage(page);
    await editor.goto(baseUrl, machine.serial, 'cycles');
    await editor.cyclePicker().selectOption('eco');
    // Soaking exists on eco and short only.
    const soaking = editor.cycleField('soakingDuration');
    const value = machine.params['eco.soakingDuration'] === 120 ? '130' : '120';
    await soaking.fill(value);
    await editor.saveButton().click();
    await editor.dialog().getByText(it_.parameters.saved).waitFor();
    expect(machine.params['eco.soakingDuration']).toBe(Number(value));
    await editor.dialog().getByRole('button', { name: it_.common.ok }).click();
    await editor.cyclePicker().selectOption('fast');
    expect(await editor.cycleField('soakingDuration').count()).toBe(0);
    await screenshot(page, 'cycles-390');
  });

  it('shows factory parameters to an admin, in dark and in English', async () => {
    const page = await pageAs('ADMIN', {}, { 'wb.colorScheme': 'dark', 'wb.language': 'en' });
    const editor = new ParametersPage(page, 'en');
    await editor.goto(baseUrl, machine.serial, 'factory-parameters');
    await page.getByText(catalogues.en.parameters.factoryWarning).waitFor();
    expect(await editor.field('S2').inputValue()).toBe(String((machine.params.S2 ?? 0) / 10));
    await expectNoRawKeys(page);
    await screenshot(page, 'factory-parameters-dark-en');
  });

  it('sends a kitchen manager who opens the factory parameters to the access screen', async () => {
    const page = await pageAs('KITCHEN_MANAGER');
    await page.goto(`${baseUrl}/device/${machine.serial}/factory-parameters`);
    await page.waitForURL('**/access');
    await page.getByRole('heading', { name: it_.errorPages.access.title }).waitFor();
  });

  it('keeps the field being typed in clear of the save bar on a phone', async () => {
    const height = 844;
    const page = await pageAs('ADMIN', { viewport: { width: 390, height }, isMobile: true, hasTouch: true });
    const editor = new ParametersPage(page);
    await editor.goto(baseUrl, machine.serial, 'parameters');
    const before = await editor.field('S12').inputValue();
    // The bar is one row and the copyright footer no longer takes its own strip of the screen.
    const bar = await editor.saveBar().boundingBox();
    expect(bar?.height).toBeLessThan(height * 0.08);
    const fields = editor.textFields();
    const count = await fields.count();
    expect(count).toBeGreaterThan(5);
    // Field after field, as the phone keyboard's "next" does, typing into each.
    await fields.first().focus();
    for (let i = 0; i < count; i += 1) {
      const field = fields.nth(i);
      if (i > 0) await page.keyboard.press('Tab');
      await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.press('End');
      await page.keyboard.type('1');
      const box = await field.boundingBox();
      const barNow = await editor.saveBar().boundingBox();
      expect(box && barNow, `field ${i}`).toBeTruthy();
      if (!box || !barNow) return;
      expect(box.y + box.height, `field ${i} ends above the save bar`).toBeLessThanOrEqual(barNow.y);
      expect(box.y, `field ${i} starts below the top bar`).toBeGreaterThanOrEqual(60);
      if (i === Math.floor(count / 2)) await page.screenshot({ path: `${ARTIFACTS}/parameters-390-typing.png` });
    }
    // Both buttons fit the bar, on screen.
    for (const button of [editor.discardButton(), editor.saveButton()]) {
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    await editor.discardButton().click();
    await expect.poll(() => editor.field('S12').inputValue()).toBe(before);
  });
});
