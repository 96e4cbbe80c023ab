import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type Page } from 'playwright-core';
import { catalogues } from '@washboard/contracts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, launchBrowser } from '../e2e/fixtures/browser';
import { Api } from '../e2e/fixtures/api';
import { freePort } from '../e2e/fixtures/ports';
import { startServer, type TRunningServer } from '../e2e/fixtures/server';
import { claimedMqttDevice } from '../e2e/fixtures/virtual-machine';
import { LoginPage } from '../e2e/pom/login-page';
import type { TResult } from './device-link';

/** Issue 17: the companion's first screen, gzipped. */
const FIRST_SCREEN_LIMIT_KB = 150;
/** Issue 17: each Lighthouse category on /app/ with mobile emulation. */
const LIGHTHOUSE_LIMIT = 95;
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const ADMIN = { email: 'admin@bench.test', password: 'Adm1nPassw0rd' };
const SERIAL = 'BENCHAPP1';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** Every script a first visit to /app/ downloads for the landing screen, each gzipped (bytes by path). */
async function firstScreenScripts(browser: Browser, url: string): Promise<Map<string, number>> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  // The page's own downloads only: what the service worker precaches afterwards is not on the first screen's path.
  const reading: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || response.request().serviceWorker()) return;
    reading.push(
      response.body().then((body) => {
        scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
      }),
    );
  });
  await page.goto(`${url}/app/`, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: catalogues.it.companionLanding.login }).waitFor();
  // Every script read before counting: one missed would make the figure look better than it is.
  await Promise.all(reading);
  await context.close();
  return scripts;
}

/**
 * Chromium's own installability check of /app/ (`Page.getInstallabilityErrors`), in a profile on
 * disk: a browser context of Playwright is incognito, where nothing can be installed.
 */
async function installabilityErrors(url: string): Promise<string[]> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'wb-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
    ...PHONE,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/app/`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    const { installabilityErrors } = await (await context.newCDPSession(page)).send('Page.getInstallabilityErrors');
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

type TScores = Record<'performance' | 'accessibility' | 'best-practices', number>;

/**
 * Lighthouse's default (mobile) run on /app/ in the machine's Chromium, started with a debugging port
 * for it: performance with its simulated slow 4G and 4× CPU, accessibility and best practices.
 */
export async function lighthouseScores(url: string): Promise<TScores> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'wb-lighthouse-'));
  const chrome = spawn(
    CHROMIUM_PATH,
    [`--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...CHROMIUM_FLAGS, 'about:blank'],
    { stdio: 'ignore' },
  );
  try {
    for (let tries = 0; ; tries++) {
      const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (tries > 100) throw new Error('Chromium did not open its debugging port');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const result = await lighthouse(`${url}/app/`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const categories = result?.lhr.categories;
    if (!categories) throw new Error('Lighthouse returned no report');
    // A category Lighthouse could not score counts 0: say why, so the run is not a mystery.
    const failed = Object.values(result.lhr.audits).filter((audit) => audit.errorMessage);
    if (result.lhr.runtimeError || failed.length > 0) {
      console.log(
        `  lighthouse could not score everything: ${result.lhr.runtimeError?.message ?? ''} ${failed
          .slice(0, 5)
          .map((audit) => `${audit.id}: ${audit.errorMessage}`)
          .join('; ')}`,
      );
    }
    if (process.env.BENCH_VERBOSE) {
      const audits = result.lhr.audits;
      const metric = (id: string) => `${id} ${audits[id]?.displayValue ?? '?'} (${audits[id]?.score ?? '?'})`;
      console.log(
        `  lighthouse: ${['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'].map(metric).join(', ')}`,
      );
      for (const [id, audit] of Object.entries(audits))
        if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
          console.log(`    ${id}: ${audit.displayValue ?? ''} ${audit.score}`);
    }
    const score = (id: keyof TScores) => Math.round((categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
    };
  } finally {
    if (chrome.exitCode === null && chrome.signalCode === null) {
      const exited = new Promise((resolve) => chrome.once('exit', resolve));
      chrome.kill('SIGTERM');
      await exited;
    }
    await rm(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** The companion's screens, signed out and signed in as the brand's administrator (every section open to them). */
function screens(serial: string): { name: string; path: string; signedIn: boolean }[] {
  const machine = `device/${serial}`;
  return [
    { name: 'landing', path: '', signedIn: false },
    { name: 'sign-in', path: 'login', signedIn: false },
    { name: 'registration', path: 'register', signedIn: false },
    { name: 'home', path: 'devices', signedIn: true },
    { name: 'machine', path: machine, signedIn: true },
    ...[
      'alarms',
      'documents',
      'statistics',
      'info',
      'haccp',
      'remote-control',
      'parameters',
      'cycles',
      'factory-parameters',
      'service',
    ].map((section) => ({ name: `machine ${section}`, path: `${machine}/${section}`, signedIn: true })),
    { name: 'authorizations', path: 'pendingusers', signedIn: true },
    { name: 'customers', path: 'customers', signedIn: true },
    { name: 'new customer', path: 'customers/new', signedIn: true },
    { name: 'settings profiles', path: 'settings-profiles', signedIn: true },
    { name: 'account', path: 'profile', signedIn: true },
    { name: 'app settings', path: 'settings', signedIn: true },
  ];
}

async function signIn(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/app/login`);
  const login = new LoginPage(page);
  await login.email().fill(ADMIN.email);
  await login.password().fill(ADMIN.password);
  await login.submit().click();
  await page.waitForURL('**/app/devices');
}

/** axe-core on every screen at 390 px, in both colour schemes: the serious and critical violations, by screen. */
async function axeViolations(browser: Browser, server: TRunningServer): Promise<{ count: number; found: string[] }> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ ...PHONE, colorScheme, reducedMotion: 'reduce' });
      const page = await context.newPage();
      if (signedIn) await signIn(page, server.url);
      for (const screen of screens(SERIAL).filter((s) => s.signedIn === signedIn)) {
        await page.goto(`${server.url}/app/${screen.path}`, { waitUntil: 'networkidle' });
        await page.locator('main, [role="main"]').first().waitFor();
        const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
          for (const node of v.nodes) {
            // color-contrast says which colours and ratio; other rules their summary.
            const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
            const why = data?.contrastRatio
              ? `${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1`
              : (node.failureSummary ?? '');
            found.push(`${screen.name} (${colorScheme}): ${v.id} — ${why} — ${node.html.slice(0, 160)}`);
          }
      }
      await context.close();
    }
  }
  return { count: found.length, found };
}

/**
 * The technician's companion (issue 17): the JavaScript of its first screen, gzipped; Lighthouse's
 * mobile scores (medians of three runs, the spread printed); and axe-core on every screen.
 */
export async function companion(): Promise<TResult[]> {
  const server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const browser = await launchBrowser();
  try {
    const admin = await Api.signIn(server.url, ADMIN.email, ADMIN.password);
    const device = await claimedMqttDevice(admin, server.mqttPort, { serialNumber: SERIAL }, 'Bench companion', '246810');
    const scripts = await firstScreenScripts(browser, server.url);
    const notInstallable = await installabilityErrors(server.url);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    if (process.env.BENCH_VERBOSE)
      for (const [file, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`  ${(bytes / 1024).toFixed(1)} KB  ${file}`);
    const runs: TScores[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseScores(server.url));
    const axe = await axeViolations(browser, server);
    for (const line of axe.found) console.log(`  axe: ${line}`);
    await device.endAsync(true);
    const categories = ['performance', 'accessibility', 'best-practices'] as const;
    return [
      {
        name: 'companion installability errors (Chromium, /app/)',
        figure: notInstallable.length,
        unit: '',
        limit: 0,
        better: 'lower',
        note: notInstallable.join(', ') || 'installable',
      },
      {
        name: 'companion first screen JS (gzipped, /app/ landing)',
        figure: total,
        unit: 'KB',
        limit: FIRST_SCREEN_LIMIT_KB,
        better: 'lower',
        note: `${scripts.size} files`,
      },
      ...categories.map((category): TResult => {
        const scores = runs.map((r) => r[category]).sort((a, b) => a - b);
        return {
          name: `companion Lighthouse ${category}, mobile (median of ${LIGHTHOUSE_RUNS})`,
          figure: scores[Math.floor(scores.length / 2)] ?? 0,
          unit: '',
          limit: LIGHTHOUSE_LIMIT,
          better: 'higher',
          note: `runs ${runs.map((r) => r[category]).join(', ')}; worst ${scores[0]}`,
        };
      }),
      {
        name: 'companion axe-core serious or critical violations, every screen, 390 px, light and dark',
        figure: axe.count,
        unit: '',
        limit: 0,
        better: 'lower',
        note: `${screens(SERIAL).length} screens × 2 schemes`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
