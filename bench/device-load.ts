// Shared by the device-link benchmarks that need a real server process and many machines.
import { createHash, randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import mqtt, { type MqttClient } from 'mqtt';
import { BRAND_HEADER, SUBSCRIPTION_KEY_HEADER, passwordGrantFields, type TRuntimeConfig } from '@washboard/contracts';
import { startServer, type TRunningServer } from '../e2e/fixtures/server';

export const ADMIN = { email: 'bench@washboard.test', password: 'Bench12345' };
const BRAND = 'LUMINA';

export type THeaders = Record<string, string>;
export type TProduct = { serialNumber: string; deviceSecret: string };

export type TBenchServer = TRunningServer & {
  admin: THeaders;
  /** Stops the server if running and deletes its data directory. */
  dispose(): Promise<void>;
  subscriptionKey: string;
  call<T>(method: string, path: string, headers: THeaders, body?: unknown): Promise<T>;
  signIn(email: string, password: string): Promise<{ headers: THeaders; token: string }>;
};

/**
 * The built server (`apps/server/dist/main.js`) in its own process with the embedded defaults
 * (PGlite in a fresh data directory, aedes), an administrator, and helpers to seed it over HTTP.
 */
export async function benchServer(
  env: Record<string, string> = {},
  options: { keepData?: boolean; dataDir?: string } = {},
): Promise<TBenchServer> {
  const server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env }, options);
  const config = (await (await fetch(`${server.url}/config.json`)).json()) as TRuntimeConfig;
  const call = async <T>(method: string, path: string, headers: THeaders, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { [BRAND_HEADER]: BRAND, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const signIn = async (email: string, password: string) => {
    const res = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { [BRAND_HEADER]: BRAND, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(passwordGrantFields(email, password)),
    });
    if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
    const { access_token: token } = (await res.json()) as { access_token: string };
    return {
      token,
      headers: { [BRAND_HEADER]: BRAND, [SUBSCRIPTION_KEY_HEADER]: config.subscriptionKey, authorization: `Bearer ${token}` },
    };
  };
  const admin = (await signIn(ADMIN.email, ADMIN.password)).headers;
  const dispose = async () => {
    await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  };
  return { ...server, admin, subscriptionKey: config.subscriptionKey, call, signIn, dispose };
}

/**
 * A server whose database already holds `count` machines (serials `${prefix}00001`…, Infinity),
 * optionally owned by one active kitchen manager. Creating thousands of machines through the
 * products call takes minutes on this machine, so the rows are written straight into the stopped
 * server's PGlite (as the products call writes them: the appliance, an empty state, the SHA-256 of
 * a random secret); the server is then started again on that data directory.
 */
export async function seededServer(
  count: number,
  prefix: string,
  owner?: { email: string; password: string },
): Promise<{ server: TBenchServer; products: TProduct[]; user?: { headers: THeaders; token: string } }> {
  const first = await benchServer({}, { keepData: true });
  let ownerId: string | null = null;
  try {
    if (owner) ownerId = await activeKitchenManager(first, owner.email, owner.password);
  } finally {
    await first.stop();
  }
  const products = Array.from({ length: count }, (_, i) => ({
    serialNumber: `${prefix}${String(i + 1).padStart(5, '0')}`,
    deviceSecret: randomBytes(24).toString('base64url'),
  }));
  const db = await PGlite.create(`${first.dataDir}/pglite`);
  try {
    const serials = products.map((p) => p.serialNumber);
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into appliances (serial_number, brand, model_number, gamma, rating_power, fw00, fw02, secret_hash,
           appliance_name, owner_user_id, claimed_at)
         select serial, 'LUMINA', 'WB-500', 'infinity', 'M3', '3.2.0', '1.4.1', hash, serial, $3::uuid,
           case when $3::uuid is null then null else now() end
         from unnest($1::text[], $2::text[]) as v(serial, hash)`,
        [serials, products.map((p) => createHash('sha256').update(p.deviceSecret).digest('hex')), ownerId],
      );
      await tx.query(`insert into appliance_states (serial_number) select unnest($1::text[])`, [serials]);
    });
  } finally {
    await db.close();
  }
  const server = await benchServer({}, { dataDir: first.dataDir, keepData: true });
  const user = owner ? await server.signIn(owner.email, owner.password) : undefined;
  return { server, products, user };
}

/** Runs `work` over `items`, `concurrency` at a time. */
export async function inParallel<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i] as T, i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** `count` machines created through the administrators' products call (serials `${prefix}00001`…). */
export function provision(server: TBenchServer, count: number, prefix: string): Promise<TProduct[]> {
  return inParallel(
    Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(5, '0')}`),
    16,
    (serialNumber) =>
      server.call<TProduct>('POST', '/api/v1/appliance/products', server.admin, {
        serialNumber,
        modelNumber: 'WB-500',
        fw00: '3.2.0',
        fw02: '1.4.1',
        gamma: 'infinity',
        ratingPower: 'M3',
      }),
  );
}

/** An active kitchen manager owning `products` (claimed for them by the administrator); answers its sign-in. */
export async function owner(server: TBenchServer, email: string, password: string, products: TProduct[]) {
  await activeKitchenManager(server, email, password);
  await inParallel(products, 16, (p) =>
    server.call('POST', '/api/v1/appliance/claim', server.admin, { serialNumber: p.serialNumber, userEmail: email }),
  );
  return server.signIn(email, password);
}

/** Registers `email` as a kitchen manager and activates it as the administrator; answers its id. */
export async function activeKitchenManager(server: TBenchServer, email: string, password: string): Promise<string> {
  await server.call(
    'POST',
    '/api/v2/account/users',
    {},
    {
      firstName: 'Anna',
      lastName: 'Rossi',
      email,
      password,
      role: 'KITCHEN_MANAGER',
      language: 'it_IT',
      userDetails: { tnc: { check_1: true, check_2: true }, privacy: { check_1: true, check_2: false } },
    },
  );
  const users = await server.call<{ id: string; email: string }[]>(
    'GET',
    `/api/v1/account/users?q=${encodeURIComponent(email)}`,
    server.admin,
  );
  const id = users.find((u) => u.email === email)?.id;
  if (!id) throw new Error(`no account ${email}`);
  await server.call('POST', `/api/v1/account/users/${id}/activate`, server.admin);
  return id;
}

/** One MQTT connection per machine, as the machine connects (client id = username = serial). */
export function connectMachines(mqttUrl: string, products: TProduct[]): Promise<MqttClient[]> {
  return inParallel(products, 100, (p) =>
    mqtt.connectAsync(mqttUrl, {
      clientId: p.serialNumber,
      username: p.serialNumber,
      password: p.deviceSecret,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 0,
      keepalive: 60,
    }),
  );
}

export type TPublishRun = {
  /** QoS 1 messages published (each acknowledged by the broker before the run ended). */
  published: number;
  /** what the schedule asked for: fewer published means this load generator fell behind */
  scheduled: number;
  unacknowledged: number;
  seconds: number;
};

/**
 * Every machine publishes schema-valid telemetry at `perSecond` messages a second for `seconds`,
 * QoS 1, phases spread evenly over the interval (no bursts). `ts` is unique per machine and message.
 * `sent(serial, ts, at)` is called just before each publish (`at`: epoch ms, sub-millisecond).
 */
export async function publishTelemetry(
  clients: MqttClient[],
  perSecond: number,
  seconds: number,
  sent?: (serial: string, ts: string, at: number) => void,
): Promise<TPublishRun> {
  const interval = 1000 / perSecond;
  const started = performance.now();
  const end = started + seconds * 1000;
  const next = clients.map((_, i) => started + (interval * i) / clients.length);
  const lastTs = clients.map(() => 0);
  let published = 0;
  let acknowledged = 0;
  await new Promise<void>((resolve) => {
    const beat = () => {
      const now = performance.now();
      if (now >= end) {
        resolve();
        return;
      }
      for (let i = 0; i < clients.length; i += 1) {
        if ((next[i] as number) > now) continue;
        next[i] = (next[i] as number) + interval;
        const client = clients[i] as MqttClient;
        const serial = client.options.clientId ?? '';
        // Wall-clock ts, made unique per machine (rows are unique per machine and instant).
        const ms = Math.max(Date.now(), (lastTs[i] as number) + 1);
        lastTs[i] = ms;
        const ts = new Date(ms).toISOString();
        const payload = JSON.stringify({ ts, boilerTmp: 845, tankTmp: 620, waterTmp: 150, boilerVlm: 120, tankVlm: 400 });
        sent?.(serial, ts, performance.timeOrigin + performance.now());
        published += 1;
        client.publish(`wb/v1/${serial}/telemetry`, payload, { qos: 1 }, (error) => {
          if (!error) acknowledged += 1;
        });
      }
      setTimeout(beat, 1);
    };
    beat();
  });
  const elapsed = (performance.now() - started) / 1000;
  const deadline = Date.now() + 30_000;
  while (acknowledged < published && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return {
    published,
    scheduled: Math.round(clients.length * perSecond * seconds),
    unacknowledged: published - acknowledged,
    seconds: elapsed,
  };
}

/**
 * Telemetry rows of machines whose serial starts with `prefix` (and `ts` in [from, to) if given),
 * read from the PGlite data directory of a stopped server.
 */
export async function storedTelemetry(dataDir: string, prefix: string, range?: { from: string; to: string }): Promise<number> {
  const db = await PGlite.create(`${dataDir}/pglite`);
  try {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from telemetry where serial_number like $1 and ts >= $2 and ts < $3`,
      [`${prefix}%`, range?.from ?? '-infinity', range?.to ?? 'infinity'],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await db.close();
  }
}

/** Resident memory of a process (VmRSS), in MB. */
export async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The open-files limit (soft, hard) of a process, from /proc/<pid>/limits: each TCP connection is one. */
export async function openFilesLimit(pid: number | 'self'): Promise<{ soft: number; hard: number }> {
  const limits = await readFile(`/proc/${pid}/limits`, 'utf8');
  const [, soft = '0', hard = '0'] = /Max open files\s+(\S+)\s+(\S+)/.exec(limits) ?? [];
  const count = (value: string) => (value === 'unlimited' ? Infinity : Number(value));
  return { soft: count(soft), hard: count(hard) };
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export async function cpuSeconds(pid: number, thread?: number): Promise<number> {
  const stat = await readFile(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}
