import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { appliances } from '../db/schema/index';
import type { TBrandCode } from '@washboard/contracts';
import type { TAuthUser } from '../auth/token.service';
import type { AccountRepository, TUser } from '../account/account.repository';
import type { CompanyRepository } from '../company/company.repository';
import type { CustomerRepository } from '../customers/customer.repository';

/**
 * Who sees which machines (DESIGN.md §5, docs/permissions.md). Brands never see each other; an
 * ADMIN sees the whole brand; everybody sees the machines they claimed; a SERVICE user also sees
 * those of its company and of the customer companies directly below it; a SERVICE_MANAGER those of
 * every company below its own; an account linked to a service company's customer (a kitchen
 * manager, docs/customers.md) those assigned to that customer. Lists, details, commands, the push
 * channel and alarm mails all ask here.
 */
export class ApplianceAccess {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly companies: CompanyRepository,
    private readonly customers: Pick<CustomerRepository, 'linkedSerials' | 'linkedSerialsMany' | 'linkedUserIdsMany'>,
  ) {}

  /** Company codes whose machines `user` sees through its company (none for kitchen managers); its own first. */
  async companyCodes(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>): Promise<string[]> {
    if (user.role !== 'SERVICE' && user.role !== 'SERVICE_MANAGER') return [];
    const me = await this.accounts.findById(user.id);
    const own = me?.companyId ? await this.companies.findById(me.companyId) : undefined;
    if (!own) return [];
    const tree = await this.companies.subtree(user.brand, own.code, user.role === 'SERVICE' ? 1 : undefined);
    return [own.code, ...tree.map((c) => c.code).filter((code) => code !== own.code)];
  }

  /**
   * The account an administrator acts for (claim/unclaim for a user): an active or pending account of
   * the same brand, by id or e-mail; undefined otherwise.
   */
  async account(
    brand: TBrandCode,
    target: { userId?: string; userEmail?: string },
  ): Promise<Pick<TAuthUser, 'id' | 'brand' | 'role' | 'email'> | undefined> {
    const found = target.userId
      ? await this.accounts.findById(target.userId)
      : target.userEmail
        ? await this.accounts.findByEmail(brand, target.userEmail)
        : undefined;
    if (!found || found.brand !== brand || found.status === 'DELETED') return undefined;
    return { id: found.id, brand: found.brand, role: found.role, email: found.email };
  }

  /**
   * The other way round from `condition`: the active accounts that see the machine — the brand's
   * ADMINs, its owner, the SERVICE users of its service company and of the company directly above
   * it, the SERVICE_MANAGERs of its service company and of every company above it, and the accounts
   * linked to its customer: the same rule as `condition` (docs/permissions.md) read from the
   * machine's side.
   */
  async viewers(appliance: TViewedAppliance): Promise<TUser[]> {
    return (await this.viewersMany([appliance]))[0] ?? [];
  }

  /**
   * `viewers` of several machines, in their order, in a few statements whatever their number: the
   * accounts linked to their customers in one, each company's lines once, and the candidates of
   * each brand in one, then each machine's own by the rule above (a burst of alarms asks for a
   * thousand machines at once: docs/benchmarks.md, "Alarm to mail").
   */
  async viewersMany(machines: readonly TViewedAppliance[]): Promise<TUser[][]> {
    // A deleted product is nobody's (as in `condition`).
    const shown = machines.filter((m) => !m.deletedAt);
    const linked = await this.customers.linkedUserIdsMany(shown.map((m) => m.serialNumber));
    const lines = new Map<string, Promise<{ service: string[]; managers: string[] }>>();
    const lineOf = (m: TViewedAppliance) => {
      if (!m.companyCode) return Promise.resolve({ service: [], managers: [] });
      const key = `${m.brand}/${m.companyCode}`;
      let line = lines.get(key);
      if (!line) {
        line = this.companyLine(m.brand, m.companyCode);
        lines.set(key, line);
      }
      return line;
    };
    const who = new Map<TViewedAppliance, { service: string[]; managers: string[]; linked: string[] }>();
    for (const m of shown) who.set(m, { ...(await lineOf(m)), linked: linked.get(m.serialNumber) ?? [] });
    const candidates = new Map<TBrandCode, TUser[]>();
    for (const brand of new Set(shown.map((m) => m.brand))) {
      const mine = shown.filter((m) => m.brand === brand);
      const all = mine.map((m) => who.get(m));
      candidates.set(
        brand,
        await this.accounts.activeViewers(brand, {
          ownerIds: [...new Set(mine.flatMap((m) => (m.ownerUserId ? [m.ownerUserId] : [])))],
          serviceCompanyIds: [...new Set(all.flatMap((w) => w?.service ?? []))],
          managerCompanyIds: [...new Set(all.flatMap((w) => w?.managers ?? []))],
          linkedIds: [...new Set(all.flatMap((w) => w?.linked ?? []))],
        }),
      );
    }
    return machines.map((m) => {
      const w = who.get(m);
      if (!w) return [];
      return (candidates.get(m.brand) ?? []).filter(
        (user) =>
          user.role === 'ADMIN' ||
          user.id === m.ownerUserId ||
          (user.role === 'SERVICE' && user.companyId !== null && w.service.includes(user.companyId)) ||
          (user.role === 'SERVICE_MANAGER' && user.companyId !== null && w.managers.includes(user.companyId)) ||
          w.linked.includes(user.id),
      );
    });
  }

  /**
   * The companies whose users see the machines of company `code` through it: its SERVICE users'
   * (itself and the company directly above) and its SERVICE_MANAGERs' (itself and every company above).
   */
  private async companyLine(brand: TBrandCode, code: string): Promise<{ service: string[]; managers: string[] }> {
    const company = await this.companies.findByCode(brand, code);
    if (!company) return { service: [], managers: [] };
    return { service: await this.companies.lineageIds(company.id, 1), managers: await this.companies.lineageIds(company.id) };
  }

  /** The SQL condition selecting the appliances `user` may see. */
  async condition(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>): Promise<SQL> {
    if (user.role === 'ADMIN') return this.conditionOf(user, [], []);
    const [codes, linked] = await Promise.all([this.companyCodes(user), this.customers.linkedSerials(user.id)]);
    return this.conditionOf(user, codes, linked);
  }

  /**
   * `condition` of each of `users`, in their order, with the customers' machines of all of them
   * looked up in one statement (the weekly reports ask for a batch of accounts at once).
   */
  async conditions(users: readonly Pick<TAuthUser, 'id' | 'brand' | 'role'>[]): Promise<SQL[]> {
    const linked = await this.customers.linkedSerialsMany(users.filter((u) => u.role !== 'ADMIN').map((u) => u.id));
    const conditions: SQL[] = [];
    // One after the other: only service accounts look their companies up.
    for (const user of users) {
      const codes = user.role === 'ADMIN' ? [] : await this.companyCodes(user);
      conditions.push(this.conditionOf(user, codes, user.role === 'ADMIN' ? [] : (linked.get(user.id) ?? [])));
    }
    return conditions;
  }

  /** The rule itself, given the companies and customers' machines `user` sees through. */
  private conditionOf(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>, codes: string[], linked: string[]): SQL {
    // A deleted product (docs/administration.md, "Manage Products") is nobody's any more, an ADMIN's neither.
    const brand = and(eq(appliances.brand, user.brand), isNull(appliances.deletedAt)) ?? eq(appliances.brand, user.brand);
    if (user.role === 'ADMIN') return brand;
    const mine = or(
      eq(appliances.ownerUserId, user.id),
      codes.length > 0 ? inArray(appliances.companyCode, codes) : undefined,
      linked.length > 0 ? inArray(appliances.serialNumber, linked) : undefined,
    );
    return and(brand, mine) ?? brand;
  }
}

/** A machine and the active accounts that see it. */
export type TMachineAudience<A> = { appliance: A; viewers: TUser[] };

/** The machine's fields `ApplianceAccess.viewers` goes by. */
type TViewedAppliance = {
  serialNumber: string;
  brand: TBrandCode;
  ownerUserId: string | null;
  companyCode: string | null;
  deletedAt: Date | null;
};

/**
 * Each machine of `serials` with the active accounts that see it (`ApplianceAccess.viewersMany`):
 * the audience of what happens on a machine (alarm mails, notifications, follow-ups). An unknown
 * machine has no entry; a deleted one has no viewers.
 */
export async function machineAudiences<A extends TViewedAppliance>(
  serials: Iterable<string>,
  find: (serials: string[]) => Promise<A[]>,
  access: ApplianceAccess,
): Promise<Map<string, TMachineAudience<A>>> {
  const found = await find([...new Set(serials)]);
  const viewers = await access.viewersMany(found);
  return new Map(found.map((appliance, i) => [appliance.serialNumber, { appliance, viewers: viewers[i] ?? [] }]));
}

/**
 * Since when a machine's holder on one side (its owner, its service company) has it, as it takes it
 * (docs/permissions.md, "A machine that changes hands"): null for the first ever on that side (no
 * earlier kitchen's records to keep from it); unchanged for the one who last held it, nobody else in
 * between; else `now`.
 */
export function heldSince<T>(last: T | null, since: Date | null, holder: T, now: Date): Date | null {
  if (last === null) return null;
  return last === holder ? since : now;
}

/**
 * From when `user` reads the history of a machine it sees — records, reports, charts, exports,
 * inspector links (docs/permissions.md, "A machine that changes hands"): a machine's records before
 * it came to its present kitchen are the earlier kitchen's. Null (all of it) for the service roles
 * and administrators, who answer for the machine whoever uses it. Its owner reads from the later of
 * its own takeover (`ownerSince`) and the service's move of the machine to another of its customers
 * (`customerSince`); an account that sees it through a customer of its service also from the
 * machine's move to another service company (`companySince`), as it sees the machine only through
 * the service's records. Null where no side ever changed hands.
 */
export function historyFloor(
  user: Pick<TAuthUser, 'id' | 'role'>,
  appliance: Pick<TViewedAppliance, 'ownerUserId'> & {
    ownerSince: Date | null;
    companySince: Date | null;
    customerSince: Date | null;
  },
): Date | null {
  if (user.role !== 'KITCHEN_MANAGER') return null;
  // A new service company takes nothing from an owner: the kitchen changed its provider.
  if (appliance.ownerUserId === user.id) {
    return lastChangeOfHands({ ownerSince: appliance.ownerSince, customerSince: appliance.customerSince, companySince: null });
  }
  return lastChangeOfHands(appliance);
}

/**
 * When the machine last changed hands on any side — owner, customer, service company — or null:
 * what every reader of its history reads from at the latest (what is pushed to all pages alike).
 */
export function lastChangeOfHands(appliance: {
  ownerSince: Date | null;
  companySince: Date | null;
  customerSince: Date | null;
}): Date | null {
  const known = [appliance.ownerSince, appliance.customerSince, appliance.companySince]
    .filter((d): d is Date => d !== null)
    .map((d) => d.getTime());
  return known.length > 0 ? new Date(Math.max(...known)) : null;
}
