import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { APPLIANCE_LIST_PAGE_SIZE, type TApplianceListPage } from '@washboard/contracts';
import { freePort } from '../e2e/fixtures/ports';
import { connectMachines, seededServer } from './device-load';
import type { TResult } from './device-link';

const MACHINES = 1_000;
/** The device list's first page exactly as the web app asks for it (sort, the server's default page size). */
const FIRST_PAGE = '/api/v1/appliance/devices?sort=asc';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_READS_SECONDS ?? 10);

type TCannon = { perSecond: number; p99: number; errors: number; non2xx: number };

async function cannon(url: string, headers: Record<string, string> = {}): Promise<TCannon> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Waits until the server has worked off what an earlier run left queued (answers /readyz within 50 ms). */
async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${url}/readyz`);
    if (performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A bare Fastify answering a small JSON object, in its own process like the server. */
async function bareFastify(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify';
       const app = Fastify({ logger: false });
       app.get('/hello', async () => ({ hello: 'world' }));
       await app.listen({ port: ${port}, host: '127.0.0.1' });
       console.log('ready');`,
    ],
    { cwd: new URL('../apps/server/', import.meta.url).pathname, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/hello`, stop: () => child.kill('SIGTERM') };
}

/**
 * The two hottest reads, each under autocannon (50 connections, 10 s) against the built server in
 * its own process: the first page (50) of the device list of a kitchen manager owning 1,000
 * machines, as the web app asks for it, and one machine's lastTelemetry. Each ÷ a bare Fastify JSON
 * endpoint measured in the same run (target ≥ 0.25, p99 ≤ 25 ms, no errors).
 */
export async function hotReads(): Promise<TResult[]> {
  const { server, products, user } = await seededServer(MACHINES, 'HOT', { email: 'hot@washboard.test', password: 'Bench12345' });
  const bare = await bareFastify();
  try {
    if (!user) throw new Error('no user');
    // One machine reports, so its lastTelemetry has values and a status.
    const [machine] = await connectMachines(`mqtt://127.0.0.1:${server.mqttPort}`, products.slice(0, 1));
    const serial = products[0]?.serialNumber ?? '';
    await machine?.publishAsync(
      `wb/v1/${serial}/status`,
      JSON.stringify({ online: true, systemState: 2, ts: new Date().toISOString() }),
      { qos: 1 },
    );
    await machine?.publishAsync(
      `wb/v1/${serial}/telemetry`,
      JSON.stringify({ ts: new Date().toISOString(), boilerTmp: 845, tankTmp: 620, waterTmp: 150 }),
      { qos: 1 },
    );
    const first = await server.call<TApplianceListPage>('GET', FIRST_PAGE, user.headers);
    if (first.total !== MACHINES || first.items.length !== APPLIANCE_LIST_PAGE_SIZE) {
      throw new Error(
        `the device list's first page has ${first.items.length} of ${first.total} machines, not ${APPLIANCE_LIST_PAGE_SIZE} of ${MACHINES}`,
      );
    }

    const base = await cannon(bare.url);
    const firstPage = `first page (${APPLIANCE_LIST_PAGE_SIZE}) of ${MACHINES.toLocaleString('en')} machines`;
    const reads = [
      { what: 'lastTelemetry', path: `/api/v1/event-hub-listener/event/${serial}/lastTelemetry`, detail: '' },
      {
        what: `device list, ${firstPage}`,
        path: FIRST_PAGE,
        detail: `; ${firstPage}, ${Math.round(Buffer.byteLength(JSON.stringify(first)) / 1024)} KB each`,
      },
    ];
    const results: TResult[] = [];
    for (const read of reads) {
      await settle(server.url);
      const hot = await cannon(`${server.url}${read.path}`, user.headers);
      const ok = hot.errors === 0 && hot.non2xx === 0 && hot.p99 <= 25;
      results.push({
        name: `hottest reads, ${read.what} ÷ bare Fastify JSON${ok ? '' : ' (p99 over 25 ms or errors: fails whatever the ratio)'}`,
        // p99 and errors are part of the definition: a run that breaks them reports 0.
        figure: ok ? hot.perSecond / base.perSecond : 0,
        unit: '×',
        limit: 0.25,
        better: 'higher',
        note:
          `${Math.round(hot.perSecond)} req/s (p99 ${hot.p99} ms, ${hot.errors} errors, ${hot.non2xx} non-2xx) ÷ ` +
          `bare ${Math.round(base.perSecond)} req/s (p99 ${base.p99} ms) = ${(hot.perSecond / base.perSecond).toFixed(2)}; ` +
          `${CONNECTIONS} connections, ${SECONDS} s${read.detail}`,
      });
    }
    await machine?.endAsync();
    return results;
  } finally {
    bare.stop();
    await server.dispose();
  }
}
