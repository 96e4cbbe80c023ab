import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Fleet } from '@washboard/simulator';
import type { TBrandCode, TGamma, TRole } from '@washboard/contracts';
import type { TDb } from '../db/database';
import { users } from '../db/schema/index';
import type { SettingsRepository } from '../settings/settings.repository';
import type { AccountRepository } from '../account/account.repository';
import type { CompanyRepository } from '../company/company.repository';
import type { ApplianceService } from '../appliance/appliance.service';
import type { ApplianceRepository } from '../appliance/appliance.repository';
import { hashPassword } from '../account/password';
import { demoHistory } from './demo-history';

const DEMO_KEY = 'demo';

type TDemoState = {
  brand: TBrandCode;
  passwords: Record<string, string>;
  /** `cycles`: the machine's cycle count at the end of its seeded history */
  machines: { serialNumber: string; deviceSecret: string; gamma: TGamma; cycles?: number }[];
};

const HISTORY_DAYS = 30;

const DEMO_BANNER = [
  '*************************************************************************************',
  '*  DEMO MODE IS ON: demo accounts with the passwords below, six virtual machines,    *',
  '*  and every mail the server writes (reset links too) readable at /dev/mailbox from  *',
  '*  this machine. Never use this database for real data. DEMO=0 turns demo mode off;  *',
  '*  setting ADMIN_EMAIL or NODE_ENV=production makes a deployment without it.         *',
  '*************************************************************************************',
].join('\n');

const PARTNER = { code: '100000', name: 'Demo Service Partner' };
const SERVICE_COMPANY = { code: '100001', name: 'Demo Service Srl' };
const ACCOUNTS: { email: string; role: TRole; company?: string }[] = [
  { email: 'admin@demo.washboard', role: 'ADMIN' },
  { email: 'manager@demo.washboard', role: 'SERVICE_MANAGER', company: PARTNER.code },
  { email: 'service@demo.washboard', role: 'SERVICE', company: SERVICE_COMPANY.code },
  { email: 'kitchen@demo.washboard', role: 'KITCHEN_MANAGER' },
];
const MACHINES: { name: string; gamma: TGamma; model: string; kitchen: boolean }[] = [
  { name: 'Dishwashing line 1', gamma: 'infinity', model: 'INF-600', kitchen: true },
  { name: 'Dishwashing line 2', gamma: 'infinity', model: 'INF-600', kitchen: true },
  { name: 'Bar glasswasher', gamma: 'hiline', model: 'HL-40', kitchen: true },
  { name: 'Pot washer', gamma: 'prime', model: 'PR-700', kitchen: true },
  { name: 'Canteen hood', gamma: 'ge', model: 'GE-500', kitchen: false },
  { name: 'Hotel kitchen', gamma: 'infinity', model: 'INF-800', kitchen: false },
];

/**
 * Whether this start runs the demo: DEMO=1 always, DEMO=0 never; unset, on an empty database — and
 * then on every later start of the same database, so the fleet keeps living — but never in a
 * deployment (ADMIN_EMAIL or NODE_ENV=production), where the demo's open mailbox would hand out
 * reset links (docs/security.md).
 */
export async function demoWanted(
  flag: boolean | undefined,
  deployment: boolean,
  db: TDb,
  settings: SettingsRepository,
): Promise<boolean> {
  if (flag !== undefined) return flag;
  if (deployment) return false;
  if (await settings.get(DEMO_KEY)) return true;
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

function password(): string {
  // Meets the password rule (lower, upper, digit) whatever the random part holds.
  return `Demo-${randomBytes(6).toString('base64url')}a1A`;
}

/**
 * Seeds demo accounts (one per role), two companies and six machines once, then runs the machines
 * as virtual dishwashers in this process. Demo passwords and device secrets are kept in the
 * settings table — demo data, never use a demo database for anything real.
 */
export async function startDemo(deps: {
  brand: TBrandCode;
  brokerUrl: string;
  settings: SettingsRepository;
  accounts: AccountRepository;
  companies: CompanyRepository;
  appliances: ApplianceService;
  applianceRepository: ApplianceRepository;
  /** the gateway's ingestion, which stores the seeded history as if the machines had sent it */
  ingest: (topic: string, payload: Buffer) => Promise<void>;
  log: FastifyBaseLogger;
}): Promise<Fleet> {
  const { settings, log } = deps;
  let state = await settings.get<TDemoState>(DEMO_KEY);
  if (!state) {
    state = await seed(deps);
    state = await settings.getOrCreate(DEMO_KEY, () => state as TDemoState);
  }
  const lines = Object.entries(state.passwords).map(([email, pw]) => `  ${email.padEnd(26)} ${pw}`);
  log.warn(
    `DEMO MODE IS ON: demo accounts, a virtual fleet and every mail readable at /dev/mailbox (loopback only). ` +
      `Never use this database for real data; DEMO=0 turns it off.\nDemo accounts (brand ${state.brand}):\n${lines.join('\n')}`,
  );
  // Also as plain text: the JSON log line is hard to read at a first `npm start`.
  process.stdout.write(`\n${DEMO_BANNER}\n\nWashboard demo accounts (brand ${state.brand}):\n${lines.join('\n')}\n\n`);
  const fleet = new Fleet({ broker: deps.brokerUrl, seed: 7, telemetryIntervalSeconds: 5 });
  for (const m of state.machines)
    fleet.add({
      serial: m.serialNumber,
      secret: m.deviceSecret,
      gamma: m.gamma,
      initialState: 'IDLE',
      initialCycles: m.cycles,
    });
  fleet.start();
  const report = await fleet.connectAll();
  log.info({ connected: report.connected, failed: report.failed.length }, 'demo fleet running');
  return fleet;
}

async function seed(deps: Parameters<typeof startDemo>[0]): Promise<TDemoState> {
  const { brand, accounts, companies, appliances, applianceRepository } = deps;
  const partner =
    (await companies.findByCode(brand, PARTNER.code)) ?? (await companies.insert({ brand, ...PARTNER, parentCode: null }));
  const service =
    (await companies.findByCode(brand, SERVICE_COMPANY.code)) ??
    (await companies.insert({ brand, ...SERVICE_COMPANY, parentCode: PARTNER.code }));
  const passwords: Record<string, string> = {};
  let kitchenId: string | undefined;
  for (const account of ACCOUNTS) {
    const existing = await accounts.findByEmail(brand, account.email);
    if (existing) continue;
    const pw = password();
    const user = await accounts.insert({
      brand,
      email: account.email,
      passwordHash: await hashPassword(pw),
      role: account.role,
      status: 'ACTIVE',
      administrationProfile: account.role === 'ADMIN' ? ['ADD_PRODUCTS', 'ACCOUNTS', 'PRODUCTS', 'COMPANIES'] : [],
      companyId: account.company === PARTNER.code ? partner.id : account.company ? service.id : null,
      firstName: account.role === 'ADMIN' ? 'Demo' : 'Giulia',
      lastName: account.role.toLowerCase().replace('_', ' '),
      language: 'it',
    });
    passwords[account.email] = pw;
    if (account.role === 'KITCHEN_MANAGER') kitchenId = user.id;
  }
  const machines: TDemoState['machines'] = [];
  for (const [i, m] of MACHINES.entries()) {
    const serialNumber = `DEMO${String(i + 1).padStart(4, '0')}`;
    const created = await appliances.createProduct(brand, {
      serialNumber,
      modelNumber: m.model,
      fw00: '3.2.0',
      fw02: '1.4.1',
      gamma: m.gamma,
      ratingPower: 'M3',
      country: 'IT',
    });
    await applianceRepository.update(serialNumber, {
      applianceName: m.name,
      companyCode: SERVICE_COMPANY.code,
      ownerUserId: m.kitchen ? (kitchenId ?? null) : null,
      claimedAt: new Date(),
      installationDate: new Date(Date.UTC(2025, 2, 10 + i)),
      assistance: {
        acv: 'Demo Service Srl',
        phone: '+39 02 0000 0000',
        email: 'service@demo.washboard',
        website: 'https://example.com',
      },
    });
    // A month of cycles, counters and alarms through the gateway's own ingestion, so HACCP, the
    // alarm register and the charts have something to show from the first minute.
    const history = demoHistory(
      { serialNumber, gamma: m.gamma },
      { now: new Date(), days: HISTORY_DAYS, seed: 7 + i, cyclesBefore: 800 + 150 * i },
    );
    for (let at = 0; at < history.messages.length; at += 250) {
      await Promise.all(
        history.messages
          .slice(at, at + 250)
          .map((message) => deps.ingest(message.topic, Buffer.from(JSON.stringify(message.payload)))),
      );
    }
    machines.push({ serialNumber, deviceSecret: created.deviceSecret, gamma: m.gamma, cycles: history.totalCycles });
  }
  return { brand, passwords, machines };
}
