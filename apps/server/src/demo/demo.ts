import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Fleet, machineHistory } from '@washboard/simulator';
import { ADMIN_PROFILES, deviceTopic, type TBrandCode, type TGamma, type TRole } from '@washboard/contracts';
import { AppError } from '../errors';
import type { SettingsRepository } from '../settings/settings.repository';
import type { UserAdministrationService } from '../account/user-admin.service';
import type { CompanyService } from '../company/company.service';
import type { ApplianceService } from '../appliance/appliance.service';
import type { TAuthUser } from '../auth/token.service';
import type { TDemoAccount } from '../start-banner';
import { DEMO_KEY } from './demo-mode';

type TDemoState = {
  brand: TBrandCode;
  passwords: Record<string, string>;
  /** `cycles`: the machine's cycle count at the end of its seeded history */
  machines: { serialNumber: string; deviceSecret: string; gamma: TGamma; cycles?: number }[];
};

const HISTORY_DAYS = 30;

/** The running demo: its virtual machines and the accounts a newcomer signs in with. */
export type TDemo = {
  fleet: Fleet;
  accounts: readonly TDemoAccount[];
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
  accounts: UserAdministrationService;
  companies: CompanyService;
  appliances: ApplianceService;
  /** the gateway's ingestion, which stores the seeded history as if the machines had sent it */
  ingest: (topic: string, payload: Buffer) => Promise<void>;
  log: FastifyBaseLogger;
}): Promise<TDemo> {
  const { settings, log } = deps;
  let state = await settings.get<TDemoState>(DEMO_KEY);
  if (!state) {
    state = await seed(deps);
    state = await settings.getOrCreate(DEMO_KEY, () => state as TDemoState);
  }
  // The passwords are shown once, in the start block (start-banner.ts), never in the log.
  log.warn(
    'DEMO MODE IS ON: demo accounts, a virtual fleet and every mail readable at /dev/mailbox (loopback only). ' +
      'Never use this database for real data; DEMO=0 turns it off.',
  );
  const brand = state.brand;
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
  return {
    fleet,
    accounts: Object.entries(state.passwords).map(([email, password]) => ({ brand, email, password })),
    close: () => fleet.close(),
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
async function seed(deps: Parameters<typeof startDemo>[0]): Promise<TDemoState> {
  const { brand, accounts, companies, appliances } = deps;
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
    // A month of cycles, counters and alarms, so HACCP, the alarm register and the charts have
    // something to show from the first minute. Stored through the gateway's own ingestion rather
    // than a bulk insert: each message is checked and turned into HACCP verdicts, the alarm
    // register and counters by the same code as a machine's, and the writer batches them anyway —
    // a few thousand messages take seconds, once per database.
    const history = machineHistory(
      { serial: serialNumber, gamma: m.gamma },
      { now: new Date(), days: HISTORY_DAYS, seed: 7, cyclesBefore: 800 + 150 * i },
    );
    for (let at = 0; at < history.messages.length; at += 250) {
      await Promise.all(
        history.messages
          .slice(at, at + 250)
          .map((message) => deps.ingest(deviceTopic(serialNumber, message.topic), Buffer.from(JSON.stringify(message.payload)))),
      );
    }
    machines.push({ serialNumber, deviceSecret: created.deviceSecret, gamma: m.gamma, cycles: history.totalCycles });
  }
  return { brand, passwords, machines };
}
