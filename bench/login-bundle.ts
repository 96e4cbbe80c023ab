import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/fixtures/browser';
import { startServer } from '../e2e/fixtures/server';
import type { TResult } from './device-link';

/** Budget of the first download (issue 13: web.dev's critical-path guidance). */
const LIMIT_KB = 170;
/** Core Web Vitals' "good" largest contentful paint. */
const LCP_LIMIT_MS = 2_500;
const LCP_RUNS = 3;

/** Every script a first visit to /login downloads, each gzipped (bytes by path). */
async function loginScripts(browser: Browser, url: string): Promise<Map<string, number>> {
  const page = await browser.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
  });
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();
  await page.close();
  return scripts;
}

/**
 * Largest contentful paint of /login in a fresh context (nothing cached) with the CPU slowed 4×
 * (Chrome DevTools' "mid-tier mobile" setting), from the browser's own PerformanceObserver.
 */
async function largestContentfulPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const w = window as unknown as { __lcp: number };
      w.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = Math.max(w.__lcp, entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button').first().waitFor();
    // The last candidate is reported once painted; a short wait lets it arrive.
    await page.waitForTimeout(500);
    return await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  } finally {
    await context.close();
  }
}

/** JavaScript a first visit to /login downloads, gzipped (budget 170 KB), and its LCP at 4× CPU slowdown. */
export async function loginBundle(): Promise<TResult[]> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const scripts = await loginScripts(browser, server.url);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    if (process.env.BENCH_VERBOSE)
      for (const [file, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`  ${(bytes / 1024).toFixed(1)} KB  ${file}`);
    const paints: number[] = [];
    for (let i = 0; i < LCP_RUNS; i++) paints.push(await largestContentfulPaint(browser, server.url));
    paints.sort((a, b) => a - b);
    return [
      { name: 'login JS (gzipped)', figure: total, unit: 'KB', limit: LIMIT_KB, better: 'lower', note: `${scripts.size} files` },
      {
        name: `login largest contentful paint, CPU 4× slower, 390 px, nothing cached (median of ${LCP_RUNS})`,
        figure: paints[Math.floor(paints.length / 2)] ?? 0,
        unit: 'ms',
        limit: LCP_LIMIT_MS,
        better: 'lower',
        note: `runs ${paints.map((p) => p.toFixed(0)).join(', ')} ms; server on the same machine (no network latency)`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
