import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../e2e/fixtures/browser';
import { startServer } from '../e2e/fixtures/server';

/** JavaScript a first visit to /login downloads, gzipped (budget: 200 KB). */
export async function loginBundle() {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body).length);
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button').first().waitFor();
    const total = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
    return {
      name: 'login JS (gzipped)',
      figure: total,
      unit: 'KB',
      limit: 200,
      better: 'lower' as const,
      note: `${scripts.size} files`,
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
