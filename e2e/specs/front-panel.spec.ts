import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TFrontPanel } from '@washboard/contracts';
import { expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { startServer, type TRunningServer } from '../fixtures/server';
import { FrontPanelPage } from '../pom/front-panel-page';

/** What the server says the panel shows: the truth the page is checked against. */
async function panelOf(server: TRunningServer, serialNumber: string): Promise<TFrontPanel> {
  const res = await fetch(`${server.url}/api/v1/demo/machines/${serialNumber}`, { headers: { 'x-brand': 'LUMINA' } });
  return (await res.json()) as TFrontPanel;
}

// The suite's shared server runs without the demo: this one runs it (no ADMIN_EMAIL, DEMO=1), with
// one day of history: the panels show the machines as they are now, and a month made the file take
// 34 s instead of 22 s, CPU the other file running meanwhile went without.
describe('virtual front panel (demo mode)', () => {
  let server: TRunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ DEMO: '1', DEMO_HISTORY_DAYS: '1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each([
    { width: 1366, serialNumber: 'DEMO0001', alarm: 'OH01' },
    // DEMO0003 is a Hiline glasswasher: its alarms are the Hiline set.
    { width: 390, serialNumber: 'DEMO0003', alarm: 'A2' },
  ])(
    'at $width px: opens a panel from the sign-in screen, shows the claiming code and a raised alarm',
    async ({ width, serialNumber, alarm }) => {
      const context = await newContext(browser, { viewport: { width, height: 860 } });
      try {
        const panel = new FrontPanelPage(await context.newPage());
        await panel.openFromSignIn(server.url);
        await panel.machine(serialNumber).waitFor();
        await panel.openPanel(serialNumber);
        expect(panel.page.url()).toBe(`${server.url}/demo/machines/${serialNumber}`);

        await panel.button('showCode').click();
        await expect.poll(async () => (await panelOf(server, serialNumber)).claimingCode?.code).toMatch(/^\d{6}$/);
        const code = (await panelOf(server, serialNumber)).claimingCode?.code ?? '';
        await expect.poll(() => panel.display().getByTestId('panel-display').textContent()).toBe(code);
        expect(await panel.display().textContent()).toContain(`${panel.text.claimingCode}: ${code}`);

        await panel.alarmPicker().selectOption(alarm);
        await panel.button('raiseAlarm').click();
        await panel.button('clearAlarm', { code: alarm }).waitFor();
        await expect.poll(() => panel.display().textContent()).toContain(`${panel.text.alarms}: ${alarm}`);
        expect((await panelOf(server, serialNumber)).alarms.map((a) => a.code)).toContain(alarm);
        await expectNoRawKeys(panel.page);
        await screenshot(panel.page, `front-panel-${width}`);

        await panel.button('clearAlarm', { code: alarm }).click();
        await expect.poll(() => panel.display().textContent()).not.toContain(alarm);
      } finally {
        await context.close();
      }
    },
  );

  it('says why a button is refused: no cycle starts while the door is open', async () => {
    const context = await newContext(browser);
    try {
      const panel = new FrontPanelPage(await context.newPage());
      await panel.page.goto(`${server.url}/demo/machines/DEMO0004`);
      await panel.display().waitFor();
      await panel.button('openDoor').click();
      await panel.display().getByText(panel.text.doorOpen).waitFor();
      await panel.button('start').click();
      await panel.page
        .getByRole('alert')
        .getByText(/sportello è aperto/)
        .waitFor();
      await panel.button('closeDoor').click();
      await expect.poll(() => panel.display().getByText(panel.text.doorOpen).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
