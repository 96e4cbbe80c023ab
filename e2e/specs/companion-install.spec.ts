import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  catalogues,
  LANGUAGE_NAMES,
  parametersFor,
  type TApplianceDetail,
  type TCustomersPage,
  type TSettingsProfileDetail,
} from '@washboard/contracts';
import type { VirtualDishwasher } from '@washboard/simulator';
import { expectNoRawKeys, launchBrowser, screenshot } from '../fixtures/browser';
import { ADMIN } from '../fixtures/global-setup';
import { Api } from '../fixtures/api';
import { openPage } from '../fixtures/pages';
import { claimedVirtualMachine, closeMachines } from '../fixtures/virtual-machine';
import { CompanionInstall } from '../pom/companion-install';
import { IDENTITY_PASSWORD } from '../pom/app-shell';

const baseUrl = inject('baseUrl');
const mqttPort = inject('mqttPort');
const it_ = catalogues.it;
const text = it_.mobile.install;
const TECH = 'tech-install@washboard.test';
const PIN = '573910';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let browser: Browser;
let admin: Api;
let tech: Api;
const machines: VirtualDishwasher[] = [];
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await Api.signIn(baseUrl, ADMIN.email, ADMIN.password);
  await admin.activeAccount(TECH, IDENTITY_PASSWORD, 'SERVICE');
  tech = await Api.signIn(baseUrl, TECH, IDENTITY_PASSWORD);
  await tech.put('/api/v1/service/pin', { pin: PIN });
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeMachines(machines);
  await browser?.close();
});

/** A machine online and not installed, serviced by the technician's company, and the technician's phone on it. */
async function machineOnPhone(name: string) {
  const machine = await claimedVirtualMachine(admin, mqttPort, name);
  machines.push(machine);
  await admin.post('/api/v1/appliance/claim', { serialNumber: machine.serial, userEmail: TECH });
  const page = await openPage(browser, contexts, PHONE, {}, { role: 'SERVICE', email: TECH });
  const screen = new CompanionInstall(page);
  await screen.gotoMachine(baseUrl, machine.serial);
  return { machine, screen };
}

describe('companion: install machine (390 × 844)', () => {
  it('installs a machine with a settings profile, its parameters follow the profile, and assigns it to a customer', async () => {
    const param = parametersFor('infinity', 'cycle').find((p) => !p.options && p.default + p.step <= p.max);
    if (!param) throw new Error('no writable cycle parameter');
    const value = param.default + param.step;
    const profile = await tech.post<TSettingsProfileDetail>('/api/v1/settings-profiles', {
      name: 'Bistrot estate',
      isDefault: true,
      from: { source: 'defaults', gamma: 'infinity', modelNumber: 'WB-500' },
    });
    await tech.put(`/api/v1/settings-profiles/${profile.id}`, { values: { [param.key]: value } });
    await tech.post('/api/v1/customers', { name: 'Mario', surname: 'Trattoria Rossi', city: 'Lione' });

    const { machine, screen } = await machineOnPhone('Da installare');
    expect(machine.params[param.key]).not.toBe(value);
    await screen.offer().getByText(text.notInstalled).waitFor();
    await screenshot(screen.page, 'companion-install-offer');
    await screen.open(PIN);
    // The model's default profile is chosen; the country brings its time zone and language.
    await expect
      .poll(() => screen.selected(text.settingsProfile).inputValue())
      .toBe(text.defaultProfile.replace('{{name}}', 'Bistrot estate'));
    await screen.form.field(text.name).fill('Bistrot Lione');
    await screen.form.choose(text.country, it_.countries.FR);
    await screen.form.choose(text.unitSystem, it_.units.imperial);
    expect(await screen.selected(text.timeZone).inputValue()).toBe('Europe/Paris');
    expect(await screen.selected(text.language).inputValue()).toBe(LANGUAGE_NAMES.fr);
    await expectNoRawKeys(screen.page);
    await screenshot(screen.page, 'companion-install');

    await screen.form.button(text.submit).click();
    await screen.page.getByText(text.profileAnswer).waitFor();
    // The one install command carried the profile's values: the machine holds them and says so.
    const answer = screen.page.getByTestId('apply-result');
    await answer.getByRole('row').filter({ hasText: it_.mobile.settingsProfiles.outcomes.applied }).first().waitFor();
    expect(machine.params[param.key]).toBe(value);
    // Its display and reports follow the chosen language and units.
    expect(machine.model.language).toBe('fr');
    expect(machine.model.displayTemperature).toMatch(/°F$/);
    await screenshot(screen.page, 'companion-install-answer');

    await screen.form.choose(text.customer, 'Trattoria Rossi Mario');
    await screen.form.button(text.assign).click();
    await screen.page
      .getByText(text.doneAssigned.replace('{{name}}', 'Bistrot Lione').replace('{{customer}}', 'Trattoria Rossi Mario'))
      .waitFor();
    const customers = await tech.get<TCustomersPage & { items: { machines: number }[] }>('/api/v1/customers?q=rossi');
    expect(customers.items).toEqual([expect.objectContaining({ surname: 'Trattoria Rossi', machines: 1 })]);
    const detail = await tech.get<TApplianceDetail>(`/api/v1/appliance/getApplianceDetail?serialNumber=${machine.serial}`);
    expect(detail.info?.installation).toMatchObject({
      name: 'Bistrot Lione',
      country: 'FR',
      unitSystem: 'imperial',
      language: 'fr',
    });
    // The dashboard's details give the machine's installation as the place and date it was installed.
    expect([detail.country, detail.installationDate]).toEqual(['FR', detail.info?.installation?.at]);

    // Installed, the machine no longer offers it.
    await screenshot(screen.page, 'companion-install-done');
    await screen.page.getByRole('link', { name: text.backToMachine }).click();
    await screen.page.getByRole('heading', { name: new RegExp(machine.serial) }).waitFor();
    expect(await screen.offer().count()).toBe(0);
  });

  it('says "Replacement or install unsuccessful" naming the step the machine refused, and changes nothing', async () => {
    const { machine, screen } = await machineOnPhone('Installazione fallita');
    await screen.open(PIN);
    // The machine's display shows Latin letters only: it refuses this name.
    await screen.form.field(text.name).fill('洗碗機');
    await screen.form.button(text.submit).click();
    await screen.failure().getByText(it_.apiErrors.INSTALL_FAILED.replace('{{step}}', text.steps.name)).waitFor();
    await screenshot(screen.page, 'companion-install-failed');
    expect(machine.model.language).toBe('en');
    const detail = await tech.get<TApplianceDetail>(`/api/v1/appliance/getApplianceDetail?serialNumber=${machine.serial}`);
    expect(detail.info?.installation).toBeNull();
  });
});
