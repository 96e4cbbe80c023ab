import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BRANDS, catalogues, SUPPORTED_LANGUAGES } from '@washboard/contracts';
import { expectNoRawKeys, launchBrowser, newContext, screenshot } from '../fixtures/browser';
import { LoginPage } from '../pom/login-page';
import { AppShell } from '../pom/app-shell';

const baseUrl = inject('baseUrl');
const port = inject('port');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('visiting without an identity', () => {
  it('lands on /login, in Italian by default', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForURL(/\/login$/);
    const login = new LoginPage(page, 'it');
    await login.heading().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('it');
    expect(await login.submit().isDisabled()).toBe(true);
    await expectNoRawKeys(page);
    await screenshot(page, 'login-it-light');
    await page.context().close();
  });

  it('sends protected and unknown paths to /login, and a change-password link without token or e-mail too', async () => {
    const page = await (await newContext(browser)).newPage();
    for (const path of [
      '/devices',
      '/profile',
      '/device/SN1/haccp',
      '/no/such/page',
      '/changepassword?token=abc',
      '/changepassword?email=a@b.it',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(/\/login$/);
    }
    await page.goto(`${baseUrl}/changepassword?token=abc&email=a%40b.it`);
    await page.getByRole('heading', { name: catalogues.it.changePassword.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/changepassword');
    await page.context().close();
  });
});

describe('the language changer', () => {
  it('changes the sign-in texts to each of the five languages and remembers the choice', async () => {
    const page = await (await newContext(browser)).newPage();
    let login = new LoginPage(page, 'it');
    await login.goto(baseUrl);
    for (const lang of SUPPORTED_LANGUAGES.filter((l) => l !== 'it')) {
      login = await login.chooseLanguage(lang);
      expect(await login.submit().textContent()).toBe(catalogues[lang].login.signin.submit);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      await expectNoRawKeys(page);
      await screenshot(page, `login-${lang}`);
    }
    await page.reload();
    await new LoginPage(page, 'es').heading().waitFor();
    await page.context().close();
  });
});

describe('colour scheme', () => {
  it('toggles to dark and stays dark after a reload', async () => {
    const page = await (await newContext(browser)).newPage();
    const login = new LoginPage(page);
    await login.goto(baseUrl);
    const shell = new AppShell(page);
    expect(await shell.colorScheme()).toBe('light');
    await shell.colorSchemeToggle().click();
    expect(await shell.colorScheme()).toBe('dark');
    await page.reload();
    await login.heading().waitFor();
    expect(await shell.colorScheme()).toBe('dark');
    await screenshot(page, 'login-it-dark');
    await page.context().close();
  });
});

describe('colour scheme of a first visit', () => {
  it("follows the system's dark scheme until the user chooses, then keeps the choice", async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto(baseUrl);
    const shell = new AppShell(page);
    expect(await shell.colorScheme()).toBe('dark');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).not.toBe('rgb(255, 255, 255)');
    await screenshot(page, 'login-first-visit-system-dark');
    // The user's choice wins over the system, also after a reload.
    await shell.colorSchemeToggle().click();
    expect(await shell.colorScheme()).toBe('light');
    await page.reload();
    await login.heading().waitFor();
    expect(await shell.colorScheme()).toBe('light');
    expect(await background()).toBe('rgb(255, 255, 255)');
    await context.close();
  });
});

describe('error screens', () => {
  it('show ACCESS DENIED and NOT FOUND with their texts', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${baseUrl}/access`);
    await page.getByRole('heading', { name: catalogues.it.errorPages.access.title }).waitFor();
    expect(await page.getByText(catalogues.it.errorPages.access.message).isVisible()).toBe(true);
    await page.goto(`${baseUrl}/notfound`);
    await page.getByRole('heading', { name: catalogues.it.errorPages.notFound.title }).waitFor();
    await page.goto(`${baseUrl}/error`);
    await page.getByRole('heading', { name: catalogues.it.errorPages.error.title }).waitFor();
    await page.context().close();
  });

  it('shows NOT FOUND inside the layout for an unknown path when signed in', async () => {
    const page = await (await newContext(browser)).newPage();
    await AppShell.withIdentity(page);
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: catalogues.it.errorPages.notFound.title }).waitFor();
    expect(await new AppShell(page).footer().isVisible()).toBe(true);
    await page.context().close();
  });

  it('sends a kitchen manager from role-gated routes to /access', async () => {
    const page = await (await newContext(browser)).newPage();
    await AppShell.withIdentity(page, { role: 'KITCHEN_MANAGER' });
    for (const path of ['/pendingusers', '/adminhome', '/device/SN1/factory-parameters']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForURL(/\/access$/);
    }
    await page.context().close();
  });
});

describe('keyboard and screen readers', () => {
  it('offer a way past the header and the menu to the page, as the first stop of Tab', async () => {
    const page = await (await newContext(browser)).newPage();
    await AppShell.withIdentity(page);
    await page.goto(`${baseUrl}/devices`);
    await page.getByRole('heading', { name: catalogues.it.devices.title }).waitFor();
    const skip = page.getByRole('link', { name: catalogues.it.layout.skipToContent });
    // Out of the window until focused, then on it.
    expect((await skip.boundingBox())?.y ?? 0).toBeLessThan(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await skip.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'skip-to-content');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    // The next stop is in the page, not the header's menu or language.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
    expect(page.url()).toBe(`${baseUrl}/devices`);
    await page.context().close();
  });

  it("reach a password field's eye button with Tab, a toggle that says whether the password shows", async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${baseUrl}/login`);
    const password = new LoginPage(page, 'it').password();
    await password.fill('secret');
    const eye = page.getByRole('button', { name: catalogues.it.common.showPassword });
    expect(await eye.getAttribute('aria-pressed')).toBe('false');
    await password.focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => eye.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await password.getAttribute('type')).toBe('text');
    expect(await eye.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Space');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await eye.getAttribute('aria-pressed')).toBe('false');
    await page.context().close();
  });
});

describe('a page whose code does not arrive', () => {
  it('ends on the error screen after 120 s instead of loading for ever', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.clock.install();
    await AppShell.withIdentity(page);
    // The device list's chunk is requested and never answered: a stalled network.
    let asked = false;
    await page.route('**/assets/DevicesPage-*.js', () => {
      asked = true;
    });
    await page.goto(`${baseUrl}/devices`);
    await expect.poll(() => asked).toBe(true);
    await page.clock.runFor('01:59');
    expect(await page.getByText(catalogues.it.errorPages.error.title).count()).toBe(0);
    await page.clock.runFor('00:02');
    await page.getByText(catalogues.it.errorPages.error.title).waitFor();
    await page.context().close();
  });
});

describe('signed-in layout', () => {
  it('shows the side menu with what a kitchen manager may use, and logs out after confirmation', async () => {
    const page = await (await newContext(browser)).newPage();
    await AppShell.withIdentity(page);
    await page.goto(`${baseUrl}/devices`);
    const shell = new AppShell(page);
    await shell.menuButton().click();
    for (const key of ['dashboard', 'profile', 'terms', 'privacy', 'logout'] as const) await shell.menuEntry(key).waitFor();
    expect(await shell.menuEntry('administration').count()).toBe(0);
    expect(await shell.menuEntry('authorizations').count()).toBe(0);
    await screenshot(page, 'menu-overlay');
    const [popup] = await Promise.all([page.waitForEvent('popup'), shell.menuEntry('terms').click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/\/legal\/IT\/terms\.pdf$/);
    await popup.close();
    await shell.menuEntry('logout').click();
    await page.getByText(catalogues.it.layout.logoutConfirm.message).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: catalogues.it.layout.logoutConfirm.confirm, exact: true }).click();
    await page.waitForURL(/\/login$/);
    await page.context().close();
  });

  it('says so when a language cannot be saved to the profile, and when a logout could not reach the server', async () => {
    const page = await (await newContext(browser)).newPage();
    await AppShell.withIdentity(page);
    await page.goto(`${baseUrl}/devices`);
    const shell = new AppShell(page);
    await page.getByRole('heading', { name: catalogues.it.devices.title }).waitFor();
    // The network fails for these calls alone: the server is never reached.
    await page.route('**/api/v1/account/updateUser', (route) => route.abort('internetdisconnected'));
    await shell.languagePicker().selectOption('en');
    await page.getByRole('heading', { name: catalogues.en.devices.title }).waitFor();
    await page.getByText(catalogues.en.errors.profileUpdateFailed).waitFor();
    await screenshot(page, 'profile-update-failed-en');
    await page.route('**/oauth2/revoke', (route) => route.abort('internetdisconnected'));
    await new AppShell(page, 'en').logout();
    await page.getByText(catalogues.en.errors.logoutFailed).waitFor();
    await page.context().close();
  });

  it('renews the tokens before the access token expires, and signs out once the server refuses to renew', async () => {
    const page = await (await newContext(browser)).newPage();
    // The page's timers and clock run as the test says: ten minutes pass in a moment.
    await page.clock.install();
    await AppShell.withIdentity(page);
    const renewals: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/oauth2/token') && r.request().postData()?.includes('grant_type=refresh_token'))
        renewals.push(r.status());
    });
    await page.goto(`${baseUrl}/devices`);
    await page.getByRole('heading', { name: catalogues.it.devices.title }).waitFor();
    // The session resumed with one exchange; access tokens live ten minutes and are renewed a minute early.
    await expect.poll(() => renewals.length).toBe(1);
    await page.clock.runFor('08:30');
    expect(renewals).toHaveLength(1);
    await page.clock.runFor('00:40');
    await expect.poll(() => renewals).toEqual([200, 200]);
    expect(new URL(page.url()).pathname).toBe('/devices');

    // Without its refresh cookie the next renewal is refused: the user is signed out.
    await page.context().clearCookies();
    await page.clock.runFor('10:00');
    await page.waitForURL(/\/login$/);
    expect(renewals).toHaveLength(3);
    expect(renewals[2]).toBeGreaterThanOrEqual(400);
    await page.context().close();
  });

  it('offers Administration and Authorizations to an admin, and breadcrumbs on device sub-pages only', async () => {
    const page = await (await newContext(browser)).newPage();
    await AppShell.withIdentity(page, { role: 'ADMIN' });
    await page.goto(`${baseUrl}/adminhome`);
    const shell = new AppShell(page);
    await page.getByRole('heading', { name: catalogues.it.admin.title }).waitFor();
    expect(await page.getByRole('navigation', { name: catalogues.it.layout.breadcrumbs.label }).count()).toBe(0);
    await shell.menuButton().click();
    await shell.menuEntry('authorizations').click();
    await page.waitForURL(/\/pendingusers$/);
    await page.goto(`${baseUrl}/device/SN42/haccp`);
    const trail = page.getByRole('navigation', { name: catalogues.it.layout.breadcrumbs.label });
    await trail.waitFor();
    expect(await trail.innerText()).toContain('SN42');
    await page.goto(`${baseUrl}/device/SN42`);
    await page.getByRole('heading', { name: /SN42/ }).waitFor();
    expect(await trail.count()).toBe(0);
    await page.context().close();
  });

  it('shows the mobile menu in a 390 px wide window', async () => {
    const page = await (
      await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
    ).newPage();
    await AppShell.withIdentity(page);
    await page.goto(`${baseUrl}/devices`);
    const shell = new AppShell(page);
    // Every control of the top bar is inside the window: the colour scheme's too.
    const toggle = page.getByRole('button', { name: catalogues.it.layout.colorScheme.toggle });
    const box = await toggle.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'mobile-top-bar');
    await shell.menuButton().click();
    await shell.menuEntry('dashboard').waitFor();
    await screenshot(page, 'mobile-menu');
    await shell.menuEntry('profile').click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: catalogues.it.profile.title }).waitFor();
    await shell.menuEntry('dashboard').waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('keeps the static layout mode chosen in the display settings', async () => {
    const page = await (await newContext(browser)).newPage();
    await AppShell.withIdentity(page);
    await page.goto(`${baseUrl}/devices`);
    await page.getByRole('button', { name: catalogues.it.layout.settings }).click();
    await page.getByRole('menuitem', { name: catalogues.it.layout.layoutMode.static }).click();
    const shell = new AppShell(page);
    await shell.menuEntry('dashboard').waitFor();
    await page.reload();
    await shell.menuEntry('dashboard').waitFor();
    await screenshot(page, 'layout-static');
    await page.context().close();
  });
});

describe('brands', () => {
  it('shows the KESTREL title and footer on its host name and with ?brand=', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`http://kestrel.localhost:${port}/login`);
    await new LoginPage(page).heading().waitFor();
    expect(await page.title()).toBe(BRANDS.KESTREL.title);
    expect(await new AppShell(page).footer().innerText()).toContain('2022');
    expect(await new AppShell(page).footer().innerText()).toContain(BRANDS.KESTREL.title);
    await screenshot(page, 'login-kestrel');

    const trial = await (await newContext(browser)).newPage();
    await trial.goto(`${baseUrl}/login?brand=kestrel`);
    await new LoginPage(trial).heading().waitFor();
    expect(await trial.title()).toBe(BRANDS.KESTREL.title);
    await trial.goto(`${baseUrl}/login`);
    await new LoginPage(trial).heading().waitFor();
    expect(await trial.title()).toBe(BRANDS.KESTREL.title);

    const lumina = await (await newContext(browser)).newPage();
    await lumina.goto(`${baseUrl}/login`);
    await new LoginPage(lumina).heading().waitFor();
    expect(await lumina.title()).toBe(BRANDS.LUMINA.title);
    expect(await new AppShell(lumina).footer().innerText()).toContain('2021');
    await Promise.all([page.context().close(), trial.context().close(), lumina.context().close()]);
  });

  it('sends X-Brand on every API call', async () => {
    const page = await (await newContext(browser)).newPage();
    const brands: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/oauth2/') || new URL(request.url()).pathname.startsWith('/api/'))
        brands.push(request.headers()['x-brand']);
    });
    const login = new LoginPage(page);
    await login.goto(`http://kestrel.localhost:${port}`);
    await login.email().fill('nobody@washboard.test');
    await login.password().fill('Wrong12345');
    await login.submit().click();
    await page.getByText(catalogues.it.login.signin.invalidCredentials).waitFor();
    expect(brands.length).toBeGreaterThan(0);
    expect(new Set(brands)).toEqual(new Set(['KESTREL']));
    await page.context().close();
  });
});
