import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { APPLIANCE_LIST_PAGE_SIZE, type TApplianceListPage } from '@washboard/contracts';
import { freePort } from '../e2e/fixtures/ports';
import { connectMachines, cpuSeconds, seededServer } from './device-load';
import type { TResult } from './device-link';

const MACHINES = 1_000;
/** The device list's first page exactly as the web app asks for it (sort, the server's default page size). */
const FIRST_PAGE = '/api/v1/appliance/devices?sort=asc';
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_READS_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_READS_ROUNDS ?? 3);
const LIMIT = 0.5;
/** What Chromium sends with every fetch of the web app (the bare endpoint gets it too and ignores it). */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const P99_LIMIT_MS = 10;

/** One autocannon run, with the share of a core the server and autocannon (this process) used. */
export type TCannon = { perSecond: number; p99: number; errors: number; non2xx: number; serverCpu: number; clientCpu: number };

export async function cannon(url: string, serverPid: number, headers: Record<string, string> = {}): Promise<TCannon> {
  const serverBefore = await cpuSeconds(serverPid);
  const clientBefore = process.cpuUsage();
  const wall = performance.now();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const seconds = (performance.now() - wall) / 1000;
  const client = process.cpuUsage(clientBefore);
  return {
    perSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpu: ((await cpuSeconds(serverPid)) - serverBefore) / seconds,
    clientCpu: (client.user + client.system) / 1e6 / seconds,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
export const spread = (values: number[], digits = 2) =>
  `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
const cores = (c: TCannon[], which: 'serverCpu' | 'clientCpu') => `${Math.round(median(c.map((x) => x[which])) * 100)} %`;

/** Waits until the server has worked off what an earlier run left queued (answers /readyz within 50 ms). */
export async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${url}/readyz`);
    if (performance.now() - started < 50) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A bare Fastify answering a small JSON object, in its own process like the server. */
export async function bareFastify(): Promise<{ url: string; pid: number; stop(): void }> {
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
  return { url: `http://127.0.0.1:${port}/hello`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

/**
 * The two hottest reads, each under autocannon (50 connections, 10 s) against the built server in
 * its own process: the first page (50) of the device list of a kitchen manager owning 1,000
 * machines, as the web app asks for it, and one machine's lastTelemetry. Each ÷ a bare Fastify JSON
 * endpoint measured in the same round; three interleaved rounds, the median and the spread (target
 * ≥ 0.5 with every round's p99 ≤ 10 ms and no errors). Requests carry Chromium's Accept-Encoding, as
 * the web app's do. autocannon runs in this process on the same
 * two cores: the share of a core it and the server used is printed.
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

    const firstPage = `first page (${APPLIANCE_LIST_PAGE_SIZE}) of ${MACHINES.toLocaleString('en')} machines`;
    const reads = [
      {
        what: 'lastTelemetry',
        path: `/api/v1/event-hub-listener/event/${serial}/lastTelemetry`,
        detail: '',
        runs: [] as TCannon[],
      },
      {
        what: `device list, ${firstPage}`,
        path: FIRST_PAGE,
        detail: `; ${Math.round(Buffer.byteLength(JSON.stringify(first)) / 1024)} KB each, ${(gzipSync(JSON.stringify(first)).length / 1024).toFixed(1)} KB gzipped`,
        runs: [] as TCannon[],
      },
    ];
    const bareRuns: TCannon[] = [];
    const ratios = reads.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++) {
      await settle(server.url);
      const base = await cannon(bare.url, bare.pid, BROWSER_ENCODINGS);
      bareRuns.push(base);
      for (const [i, read] of reads.entries()) {
        await settle(server.url);
        const hot = await cannon(`${server.url}${read.path}`, server.pid, { ...user.headers, ...BROWSER_ENCODINGS });
        read.runs.push(hot);
        // p99 and errors are part of the definition: a round that breaks them counts 0.
        const ok = hot.errors === 0 && hot.non2xx === 0 && hot.p99 <= P99_LIMIT_MS;
        ratios[i]?.push(ok ? hot.perSecond / base.perSecond : 0);
      }
    }
    await machine?.endAsync();
    return reads.map((read, i) => {
      const r = ratios[i] ?? [];
      const runs = read.runs;
      return {
        name: `hottest reads, ${read.what} ÷ bare Fastify JSON (median of ${ROUNDS}; a round with p99 over ${P99_LIMIT_MS} ms or errors counts 0)`,
        figure: median(r),
        unit: '×',
        limit: LIMIT,
        better: 'higher' as const,
        note:
          `rounds ${r.map((x) => x.toFixed(2)).join(', ')} (worst ${Math.min(...r).toFixed(2)}); ` +
          `${spread(
            runs.map((x) => x.perSecond),
            0,
          )} req/s, p99 ${spread(
            runs.map((x) => x.p99),
            0,
          )} ms, ` +
          `${runs.reduce((a, x) => a + x.errors + x.non2xx, 0)} errors ÷ bare ${spread(
            bareRuns.map((x) => x.perSecond),
            0,
          )} req/s ` +
          `(p99 ${spread(
            bareRuns.map((x) => x.p99),
            0,
          )} ms); CPU, share of a core: server ${cores(runs, 'serverCpu')}, ` +
          `autocannon ${cores(runs, 'clientCpu')} (bare: ${cores(bareRuns, 'serverCpu')}, ${cores(bareRuns, 'clientCpu')}); ` +
          `${CONNECTIONS} connections, ${SECONDS} s${read.detail}`,
      };
    });
  } finally {
    bare.stop();
    await server.dispose();
  }
}
