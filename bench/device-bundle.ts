import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import {
  BRAND_HEADER,
  catalogues,
  passwordGrantFields,
  SUBSCRIPTION_KEY_HEADER,
  type TRuntimeConfig,
} from '@washboard/contracts';
import { launchBrowser } from '../e2e/fixtures/browser';
import { startServer } from '../e2e/fixtures/server';

const ADMIN = { email: 'bench-admin@washboard.test', password: 'BenchAdmin123' };
const SERIAL = 'BENCH-DETAILS-1';

/** Every script the page downloads from now on, by path, gzipped size. */
function recordScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
  });
  return scripts;
}

/**
 * JavaScript the device details page (/device/{serialNumber}) downloads beyond what /login does,
 * gzipped (budget: 250 KB): a signed-in first visit of the page, every tab opened (the alarm
 * register also loads the device texts), minus the scripts /login loaded. Measured like
 * login-bundle.ts, in Chromium.
 */
export async function deviceBundle() {
  const server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const browser = await launchBrowser();
  try {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as TRuntimeConfig;
    const res = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { [BRAND_HEADER]: config.defaultBrand, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(passwordGrantFields(ADMIN.email, ADMIN.password)),
    });
    const tokens = (await res.json()) as { access_token: string };
    const created = await fetch(`${server.url}/api/v1/appliance/products`, {
      method: 'POST',
      headers: {
        [BRAND_HEADER]: config.defaultBrand,
        [SUBSCRIPTION_KEY_HEADER]: config.subscriptionKey,
        authorization: `Bearer ${tokens.access_token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        serialNumber: SERIAL,
        modelNumber: 'WB-500',
        fw00: '3.2.0',
        fw02: '1.9.4',
        gamma: 'infinity',
        ratingPower: 'M3',
      }),
    });
    if (!created.ok) throw new Error(`product: ${created.status} ${await created.text()}`);

    const loginPage = await browser.newPage();
    const login = recordScripts(loginPage);
    await loginPage.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await loginPage.getByRole('button').first().waitFor();

    // Signed in as the app is after a sign-in with remember-me: the refresh cookie in the jar.
    const context = await browser.newContext();
    const signedIn = await context.request.post(`${server.url}/oauth2/token`, {
      headers: { [BRAND_HEADER]: config.defaultBrand },
      form: { ...passwordGrantFields(ADMIN.email, ADMIN.password), remember_me: 'true' },
    });
    if (!signedIn.ok()) throw new Error(`sign-in: ${signedIn.status()}`);
    await context.addInitScript(() => localStorage.setItem('wb.rememberMe', 'true'));
    const page = await context.newPage();
    const device = recordScripts(page);
    await page.goto(`${server.url}/device/${SERIAL}`, { waitUntil: 'networkidle' });
    const texts = catalogues.it;
    for (const tab of [
      texts.device.sections.statistics,
      texts.alarmRegister.title,
      texts.device.sections.documents,
      texts.device.sections.firmware,
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('tab', { name: texts.alarmRegister.title }).click();
    await page.getByText(texts.alarmRegister.empty).waitFor();

    const extra = [...device].filter(([path]) => !login.has(path));
    const total = extra.reduce((sum, [, size]) => sum + size, 0) / 1024;
    return {
      name: 'device details JS beyond /login (gzipped)',
      figure: total,
      unit: 'KB',
      limit: 250,
      better: 'lower' as const,
      note: `${extra.length} files beyond the ${login.size} of /login`,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
