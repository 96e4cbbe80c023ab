import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Fleet, KITCHEN_ACTIVITY, machineHistory } from '@washboard/simulator';
import {
  ADMIN_PROFILES,
  BRAND_CODES,
  deviceTopic,
  type TBrandCode,
  type TDeviceStats,
  type TGamma,
  type TRole,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { SettingsRepository } from '../settings/settings.repository';
import type { UserAdministrationService } from '../account/user-admin.service';
import type { CompanyService } from '../company/company.service';
import type { ApplianceService } from '../appliance/appliance.service';
import type { TAuthUser } from '../auth/token.service';
import type { TDemoAccount } from '../start-banner';
import { DEMO_KEY } from './demo-mode';
import { DEMO_TELEMETRY_SECONDS, storeDemoTelemetry, type TSeededMachine } from './demo-telemetry';
import { DemoTelemetryRepository } from './demo-telemetry.repository';
import type { TDatabase } from '../db/database';

/** One brand's demo: its accounts' passwords and its machines' secrets. */
type TBrandDemo = {
  brand: TBrandCode;
  passwords: Record<string, string>;
  /** `cycles`: the machine's cycle count at the end of its seeded history */
  machines: { serialNumber: string; deviceSecret: string; gamma: TGamma; cycles?: number }[];
};
/**
 * What the settings keep under DEMO_KEY: every brand's demo. The first demo seeded one brand and
 * stored that brand's `TBrandDemo` itself; such a database still loads, and the brands it lacks are
 * seeded beside it on its next start (docs/simulator.md, "The server's demo").
 */
type TDemoState = { brands: TBrandDemo[] };

function brandsOf(stored: TDemoState | TBrandDemo): TBrandDemo[] {
  return 'brands' in stored ? stored.brands : [stored];
}

/** Serial numbers are unique across brands (they are MQTT identities): each brand's demo has its own prefix. */
const SERIAL_PREFIXES: Record<TBrandCode, string> = { LUMINA: 'DEMO', KESTREL: 'KDEMO' };

/**
 * The prefix of a brand's demo serials: its own, unless an older one-brand demo of another brand
 * already holds those serials (that demo always used `DEMO`), then the brand's initial before it.
 */
export function serialPrefix(brand: TBrandCode, taken: readonly string[]): string {
  const own = SERIAL_PREFIXES[brand];
  const clashes = taken.some((serial) => new RegExp(`^${own}\\d{4}$`).test(serial));
  return clashes ? `${brand.charAt(0)}${own}` : own;
}

/** The running demo: its virtual machines and the accounts a newcomer signs in with. */
export type TDemo = {
  fleet: Fleet;
  accounts: readonly TDemoAccount[];
  /** stores the seeded history's telemetry, once (later calls answer the same promise); never rejects */
  storeTemperatureHistory(): Promise<void>;
  close(): Promise<void>;
};

const PARTNER = { code: '100000', name: 'Demo Service Partner' };
const SERVICE_COMPANY = { code: '100001', name: 'Demo Service Srl' };
const SERVICE_ACCOUNT = 'service@demo.washboard';
const KITCHEN_ACCOUNT = 'kitchen@demo.washboard';
/** The administrator first: it creates the rest. */
const ACCOUNTS: { email: string; role: TRole; company?: string }[] = [
  { email: 'admin@demo.washboard', role: 'ADMIN' },
  { email: 'manager@demo.washboard', role: 'SERVICE_MANAGER', company: PARTNER.code },
  { email: SERVICE_ACCOUNT, role: 'SERVICE', company: SERVICE_COMPANY.code },
  { email: KITCHEN_ACCOUNT, role: 'KITCHEN_MANAGER' },
];
const MACHINES: { name: string; gamma: TGamma; model: string; kitchen: boolean }[] = [
  { name: 'Dishwashing line 1', gamma: 'infinity', model: 'INF-600', kitchen: true },
  { name: 'Dishwashing line 2', gamma: 'infinity', model: 'INF-600', kitchen: true },
  { name: 'Bar glasswasher', gamma: 'hiline', model: 'HL-40', kitchen: true },
  { name: 'Pot washer', gamma: 'prime', model: 'PR-700', kitchen: true },
  { name: 'Canteen hood', gamma: 'ge', model: 'GE-500', kitchen: false },
  { name: 'Hotel kitchen', gamma: 'infinity', model: 'INF-800', kitchen: false },
];

const DAY = 86_400_000;
/** Seeded messages handed to the ingestion in one event-loop turn (the turns between let the batch being written go on). */
const HANDED_AT_ONCE = 250;
/** The seeded history's seed: its cycles, and the condition its telemetry follows. */
const HISTORY_SEED = 7;

function password(): string {
  // Meets the password rule (lower, upper, digit) whatever the random part holds.
  return `Demo-${randomBytes(6).toString('base64url')}a1A`;
}

/**
 * Seeds, in each brand, demo accounts (one per role), two companies and six machines once (a brand
 * missing from an older demo's state is seeded on its next start), then runs the machines
 * as virtual dishwashers in this process. Demo passwords and device secrets are kept in the
 * settings table — demo data, never use a demo database for anything real.
 */
export async function startDemo(deps: {
  brokerUrl: string;
  settings: SettingsRepository;
  accounts: UserAdministrationService;
  companies: CompanyService;
  appliances: ApplianceService;
  /** the gateway's ingestion, which stores the seeded history as if the machines had sent it */
  ingest: (topic: string, payload: Buffer) => Promise<void>;
  /** looks the machines up for the ingestion before their history comes (a lookup waits for the batch being written) */
  identify: (serialNumbers: string[]) => Promise<unknown>;
  /** closes the ingestion's open batch; answers once it is being written (`DeviceBatcher.closeBatch`) */
  closeBatch: () => Promise<void>;
  /** the newest counter report stored for a machine: where its live run carries on */
  lastStats: (serialNumber: string) => Promise<TDeviceStats | undefined>;
  /** days of history seeded per machine on a new database (DEMO_HISTORY_DAYS) */
  historyDays: number;
  /** where the seeded history's telemetry goes (stored once the server answers, in the background) */
  database: TDatabase;
  /** makes the telemetry partitions of these UTC days (the retention's upkeep makes them from today on) */
  ensurePartitions: (days: string[]) => Promise<unknown>;
  log: FastifyBaseLogger;
}): Promise<TDemo> {
  const { settings, log } = deps;
  const stored = await settings.get<TDemoState | TBrandDemo>(DEMO_KEY);
  let brands = stored ? brandsOf(stored) : [];
  const missing = BRAND_CODES.filter((code) => !brands.some((b) => b.brand === code));
  // Every machine's history runs up to this instant, where its live run takes over.
  const now = new Date();
  const historyStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - deps.historyDays * DAY;
  const histories: TSeededMachine[] = [];
  if (missing.length > 0) {
    const seeded: TBrandDemo[] = [];
    const taken = brands.flatMap((b) => b.machines.map((m) => m.serialNumber));
    for (const brand of missing) {
      seeded.push(await seed(deps, brand, serialPrefix(brand, taken)));
    }
    if (deps.historyDays > 0) await storeHistories(deps, seeded, now, histories);
    const state: TDemoState = { brands: [...brands, ...seeded] };
    // Stored once, even when two instances race: the first start's state, or an older demo's with
    // the new brands beside it, replaces only what this instance read. The loser takes the winner's.
    const kept = stored ? await settings.replaceIf(DEMO_KEY, stored, state) : await settings.getOrCreate(DEMO_KEY, () => state);
    brands = brandsOf(kept);
  }
  // The passwords are shown once, in the start block (start-banner.ts), never in the log.
  log.warn(
    'DEMO MODE IS ON: demo accounts, a virtual fleet and every mail readable at /dev/mailbox (loopback only). ' +
      'Never use this database for real data; DEMO=0 turns it off.',
  );
  // The kitchen's day of the seeded history: a live day uses what a history day did, and some
  // machine of each brand starts a cycle within a couple of minutes of the start, at any hour.
  const fleet = new Fleet({
    broker: deps.brokerUrl,
    seed: HISTORY_SEED,
    telemetryIntervalSeconds: DEMO_TELEMETRY_SECONDS,
    activity: KITCHEN_ACTIVITY,
  });
  for (const m of brands.flatMap((b) => b.machines)) {
    fleet.add({
      serial: m.serialNumber,
      secret: m.deviceSecret,
      gamma: m.gamma,
      initialState: 'IDLE',
      // Where it stopped last time (or its history ended): its counters never fall across restarts.
      resumeFrom: await deps.lastStats(m.serialNumber),
      initialCycles: m.cycles,
    });
  }
  fleet.start();
  const report = await fleet.connectAll();
  log.info({ connected: report.connected, failed: report.failed.length }, 'demo fleet running');
  // The seeded history's temperatures, once the server answers (`storeTemperatureHistory`): half a
  // million readings a machine and month would keep the first sign-in waiting. Not resumed if the
  // server stops first (docs/hygiene.md).
  let closing = false;
  let temperatureHistory: Promise<void> | undefined;
  const telemetry = { repository: new DemoTelemetryRepository(deps.database), ensurePartitions: deps.ensurePartitions };
  const storeTemperatureHistory = () => {
    // Not once closing: a `listen` that ends after a close would write to a closed database.
    if (!closing) {
      temperatureHistory ??= storeDemoTelemetry(
        telemetry,
        histories,
        { from: historyStart, to: now.getTime(), seed: HISTORY_SEED },
        () => closing,
        log,
      ).then(
        (machines) => {
          if (machines > 0) log.info({ machines }, 'demo temperature history stored');
        },
        (error: unknown) => log.error({ err: error }, 'demo temperature history not stored'),
      );
    }
    return temperatureHistory ?? Promise.resolve();
  };
  return {
    fleet,
    accounts: brands.flatMap(({ brand, passwords }) =>
      Object.entries(passwords).map(([email, password]) => ({ brand, email, password })),
    ),
    storeTemperatureHistory,
    close: async () => {
      closing = true;
      await temperatureHistory;
      await fleet.close();
    },
  };
}

/** Answers undefined when the service says the thing exists already (a re-seed keeps what is there). */
async function unlessExists<T>(create: Promise<T>): Promise<T | undefined> {
  try {
    return await create;
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return undefined;
    throw error;
  }
}

/**
 * Seeds through the services, by the rules users meet: the demo administrator is created first,
 * then acts as administrators do — creates the companies, products and the other accounts, binds
 * the machines to the service company and the kitchen manager, records their installation.
 */
async function seed(deps: Parameters<typeof startDemo>[0], brand: TBrandCode, prefix: string): Promise<TBrandDemo> {
  const { accounts, companies, appliances } = deps;
  const passwords: Record<string, string> = {};
  const create = async (account: (typeof ACCOUNTS)[number]) => {
    const pw = password();
    const user = await unlessExists(
      accounts.createActiveAccount(brand, {
        email: account.email,
        password: pw,
        role: account.role,
        companyCode: account.company,
        administrationProfile: account.role === 'ADMIN' ? [...ADMIN_PROFILES] : [],
        firstName: account.role === 'ADMIN' ? 'Demo' : 'Giulia',
        lastName: account.role.toLowerCase().replace('_', ' '),
        language: 'it',
      }),
    );
    if (user) passwords[account.email] = pw;
    return user;
  };
  const [adminAccount, ...others] = ACCOUNTS;
  const admin = adminAccount && (await create(adminAccount));
  if (!admin) {
    // Its password is gone with the demo's state: nobody could sign in as the demo administrator.
    throw new Error(`${adminAccount?.email} exists but the demo's state does not: start the demo on a new database`);
  }
  const actor: TAuthUser = {
    id: admin.id,
    brand,
    email: admin.email,
    role: admin.role,
    administrationProfile: admin.administrationProfile,
    clientId: 'demo',
    sessionId: 'demo-seed',
    expiresAt: Date.now() + 60 * 60_000,
  };
  await unlessExists(companies.createCompany(brand, PARTNER.name, null, PARTNER.code));
  await unlessExists(companies.createCompany(brand, SERVICE_COMPANY.name, PARTNER.code, SERVICE_COMPANY.code));
  for (const account of others) await create(account);

  const machines: TBrandDemo['machines'] = [];
  for (const [i, m] of MACHINES.entries()) {
    const serialNumber = `${prefix}${String(i + 1).padStart(4, '0')}`;
    const created = await appliances.createProduct(brand, {
      serialNumber,
      modelNumber: m.model,
      fw00: '3.2.0',
      fw02: '1.4.1',
      gamma: m.gamma,
      ratingPower: 'M3',
      country: 'IT',
    });
    const claim = { serialNumber, applianceName: m.name };
    await appliances.claim(actor, { ...claim, userEmail: SERVICE_ACCOUNT });
    if (m.kitchen) await appliances.claim(actor, { ...claim, userEmail: KITCHEN_ACCOUNT });
    await appliances.recordInstallation(actor, serialNumber, {
      installationDate: new Date(Date.UTC(2025, 2, 10 + i)),
      assistance: {
        acv: SERVICE_COMPANY.name,
        phone: '+39 02 0000 0000',
        email: SERVICE_ACCOUNT,
        website: 'https://example.com',
      },
    });
    machines.push({ serialNumber, deviceSecret: created.deviceSecret, gamma: m.gamma });
  }
  return { brand, passwords, machines };
}

/**
 * A month of cycles, counters and alarms for every seeded machine up to the start, so HACCP, the
 * alarm register and the charts have something to show from the first minute. Stored through the
 * gateway's own ingestion rather than a bulk insert: each message is checked and turned into HACCP
 * verdicts, the alarm register and counters by the same code as a machine's. A machine's month
 * (about 5,300 messages) is handed over without waiting for commits, so the writer stores it in a
 * few large batches (chunks of 250 awaited one by one: 21 s to start instead of 13), and the next
 * machine's month is made and checked on the server's thread while the database writes the one
 * before: two months in flight at most (docs/benchmarks.md, "The demo's first start").
 */
async function storeHistories(
  deps: Parameters<typeof startDemo>[0],
  seeded: TBrandDemo[],
  now: Date,
  histories: TSeededMachine[],
): Promise<void> {
  await deps.identify(seeded.flatMap((b) => b.machines.map((m) => m.serialNumber)));
  const stored: Promise<void>[] = [];
  // A batch that failed stops the seeding at the next month: the start fails either way.
  let failed: unknown;
  for (const { brand, machines } of seeded) {
    const brandIndex = BRAND_CODES.indexOf(brand);
    for (const [i, machine] of machines.entries()) {
      const { serialNumber, gamma } = machine;
      const history = machineHistory(
        { serial: serialNumber, gamma },
        { now, untilNow: true, days: deps.historyDays, seed: HISTORY_SEED, cyclesBefore: 800 + 150 * i + 90 * brandIndex },
      );
      for (let from = 0; from < history.messages.length; from += HANDED_AT_ONCE) {
        for (const message of history.messages.slice(from, from + HANDED_AT_ONCE)) {
          const part = deps.ingest(deviceTopic(serialNumber, message.topic), Buffer.from(JSON.stringify(message.payload)));
          // Awaited at the end, with the others: a failed batch is no unhandled rejection meanwhile.
          part.catch((error: unknown) => (failed ??= error));
          stored.push(part);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
      machine.cycles = history.totalCycles;
      histories.push({ serialNumber, gamma, messages: history.messages });
      await deps.closeBatch();
      if (failed !== undefined) throw failed;
    }
  }
  await Promise.all(stored);
}
