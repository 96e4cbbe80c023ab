import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalogues, parameterByKey } from '@washboard/contracts';
import { QUIET_ACTIVITY, VirtualDishwasher } from '@washboard/simulator';
import { expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { createProduct } from '../fixtures/virtual-machine';
import { AppShell } from '../pom/app-shell';
import { DefaultParametersSection } from '../pom/default-parameters-section';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const run = Date.now().toString(36).toUpperCase();
/** A model of its own: other specs' machines keep the catalogue's presets. */
const MODEL = `DP-${run}`;
let browser: Browser;
let admin: Api;
let machine: VirtualDishwasher;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  const serialNumber = `VM-DP-${run}`;
  const secret = await createProduct(admin, { serialNumber, modelNumber: MODEL, gamma: 'infinity' });
  machine = new VirtualDishwasher({
    serial: serialNumber,
    secret,
    broker: `mqtt://127.0.0.1:${mqttPort}`,
    gamma: 'infinity',
    seed: 11,
    initialState: 'IDLE',
    activity: QUIET_ACTIVITY,
    mqtt: { reconnectPeriod: 500 },
  });
  await machine.connect();
});
afterAll(async () => {
  machine.stop();
  await machine.close();
  await browser.close();
});

async function adminTab(width = 1366, height = 900): Promise<{ page: Page; section: DefaultParametersSection }> {
  const page = await (await newContext(browser, { viewport: { width, height } })).newPage();
  await AppShell.withIdentity(page, { role: 'ADMIN' });
  return { page, section: new DefaultParametersSection(page) };
}

/** Polls until `check` holds (the machine answers over MQTT). */
async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Manage Products › default parameters', () => {
  it('edits a default within the bounds, refuses one outside them, and restore-presets brings the machine to it', async () => {
    const { page, section } = await adminTab();
    await section.goto(baseUrl, 'infinity', MODEL);
    await section.heading().waitFor();
    const s12 = parameterByKey('S12');
    expect(s12?.default).toBe(700);
    expect(await section.row('S12').innerText()).toContain('70 °C');
    // On/off values in their parameter's words: a rinse pump is present, a filter control active.
    expect(await section.row('S37').innerText()).toContain(it_.toggles.present);
    expect(await section.row('S39').innerText()).toContain(it_.toggles.active);
    expect(await section.row('S50').innerText()).toContain(it_.toggles.enabled);

    await section.search().fill('S12');
    await section.edit('S12');
    // 50–80 °C: 95 °C is refused with the spec's message and nothing is sent.
    await section.field().fill('95');
    await section.save().click();
    await section.dialog().getByText(it_.validation.valueNotAllowed).waitFor();
    expect(await section.dialog().isVisible()).toBe(true);
    const before = await admin.get<{ parameters: { code: string; value: number }[] }>(
      `/api/v1/appliance/default-parameters/infinity/${MODEL}`,
    );
    expect(before.parameters.find((p) => p.code === 'S12')?.value).toBe(700);

    await section.field().fill('76');
    await section.save().click();
    await page.getByText(it_.admin.defaultParameters.saved).waitFor();
    await section.dialog().waitFor({ state: 'detached' });
    await page.waitForFunction(
      (code) => document.querySelector(`[data-testid="default-${code}"]`)?.textContent?.includes('76 °C'),
      'S12',
    );
    expect(await section.row('S12').textContent()).toContain(it_.admin.defaultParameters.edited);
    await expectNoRawKeys(page);

    // The machine was set otherwise at its panel; restore-presets brings it to the model's list.
    await admin.post(`/api/v1/event-hub-listener/event/${machine.serial}/parameters`, { values: { S12: 650 } });
    await eventually(() => machine.params.S12 === 650);
    await admin.post(`/api/v1/event-hub-listener/event/${machine.serial}/restore-presets`, null);
    await eventually(() => machine.params.S12 === 760);
    expect(machine.params.S13).toBe(parameterByKey('S13')?.default);
  });

  it('lays the list out at desk and phone width, light and dark', async () => {
    const { page, section } = await adminTab();
    await section.goto(baseUrl, 'infinity', MODEL);
    // A short list keeps the whole-page screenshots small.
    await section.search().fill('S1');
    await screenshot(page, 'default-parameters-light');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'default-parameters-dark');
    await section.edit('S12');
    await section.field().fill('99');
    await section.save().click();
    await section.dialog().getByText(it_.validation.valueNotAllowed).waitFor();
    await screenshot(page, 'default-parameters-modal-dark');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'default-parameters-390-dark');
    await new AppShell(page).colorSchemeToggle().click();
    await screenshot(page, 'default-parameters-390-light');
    // Nothing of the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
