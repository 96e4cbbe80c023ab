import { timingSafeEqual } from 'node:crypto';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  APPLIANCE_DOCUMENT_TYPES,
  applianceDocumentPath,
  cycleProgressPercent,
  defaultParameters,
  firmwareUpdating,
  isCycleType,
  type TApplianceCompany,
  type TApplianceDetail,
  type TApplianceListPage,
  type TApplianceListQuery,
  type TApplianceSummary,
  type TBrandCode,
  type TClaimCommand,
  type TCreateProductRequest,
  type TLastTelemetry,
  type TUnclaimQuery,
  encodeApplianceListCursor,
  ZApplianceListPage,
  ZLastTelemetry,
  hasAdminProfile,
  machineUnitSystem,
  runningSetpoints,
} from '@washboard/contracts';
import type { CompanyRepository } from '../company/company.repository';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { TBroker } from '../gateway/broker';
import { hashClaimingCode } from '../gateway/ingest.service';
import { hashDeviceSecret, newDeviceSecret } from '../gateway/device-identity';
import type { DomainEvents } from '../events/domain-events';
import type { AuditService, TAuditActor, TAuditEntry } from '../audit/audit.service';
import type { Transactions, TTransaction } from '../db/transaction';
import type { InspectorLinkRepository } from '../haccp/inspector/inspector-link.repository';
import { heldSince, historyFloor, type ApplianceAccess } from './appliance-access';
import type { ApplianceRepository, TAppliance, TApplianceState, TApplianceWithState } from './appliance.repository';
import { type ApplianceReadCache } from './read-cache';

/** A device list page, serialised (and checked) as the route's own serializer would with its response schema. */
const serializeListPage = serializerCompiler({ schema: ZApplianceListPage, method: 'GET', url: '/api/v1/appliance/devices' });
const serializeLastTelemetry = serializerCompiler({
  schema: ZLastTelemetry,
  method: 'GET',
  url: '/api/v1/event-hub-listener/event/:serialNumber/lastTelemetry',
});

/** The read cache's key of a user: who sees what depends on brand, id and role (the role is the token's). */
function userKey(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>): string {
  return `${user.brand}\u0000${user.id}\u0000${user.role}`;
}

/** A device list page's key in the read cache: the user, filters, sort, limit and cursor. */
function listKey(user: TAuthUser, query: TApplianceListQuery): string {
  return `${userKey(user)}\u0000${JSON.stringify(query)}`;
}

/** Whoever holds a machine: the caller, or the account an administrator acts for. */
type THolder = Pick<TAuthUser, 'id' | 'brand' | 'role' | 'email'>;

/** Who holds a machine: its owner and its service company (what claim and unclaim change). */
type THold = { owner: string | null; serviceCompany: string | null };

/** An audit entry about the machine `serial`, for the account `account` when an administrator acted for one. */
/** The audit entry of an action on the product `serial` (the machine filter finds it). */
export function productEntry(
  action: TAuditEntry['action'],
  serial: string,
  account: string | null,
  before: TAuditEntry['before'],
  after: TAuditEntry['after'],
): TAuditEntry {
  return { action, target: { kind: 'product', id: serial, label: serial }, serialNumber: serial, account, before, after };
}

/** Why links were revoked other than by hand: their machine changed hands, or their maker's account changed. */
export type TLinkRevocationReason = 'released' | 'creator-changed';

/**
 * One `haccp.link-revoke` audit record for each inspector link revoked, in the revoking transaction
 * `t`, on the link's machine (docs/hygiene.md, "Inspector links").
 */
export async function recordLinkRevocations(
  audit: AuditService,
  t: TTransaction,
  actor: TAuditActor,
  links: readonly { id: string; serialNumber: string; revokedAt: Date | null }[],
  reason: TLinkRevocationReason,
): Promise<void> {
  for (const link of links) {
    const after = { linkId: link.id, revokedAt: link.revokedAt?.toISOString() ?? null, reason };
    await audit.record(
      actor,
      productEntry('haccp.link-revoke', link.serialNumber, null, { linkId: link.id, revokedAt: null }, after),
      t,
    );
  }
}

function holdOf(appliance: Pick<TAppliance, 'ownerUserId' | 'companyCode'>): THold {
  return { owner: appliance.ownerUserId, serviceCompany: appliance.companyCode };
}

/** Wrong codes after which a shown claiming code is void (the machine must show a new one). */
const CLAIM_ATTEMPTS = 5;

function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** The columns of a machine's live state that its status is made of (a list row has the same). */
type TStatusColumns = Pick<TApplianceState, 'systemState' | 'cycleType' | 'cycleNumber' | 'fota'> & {
  online: boolean | null;
  lastSeenAt: Date | null;
  /** Its parameters, or of them the unit system's (a list row reads that one alone). */
  parameters: Readonly<Record<string, number>> | null;
};

/**
 * A machine's status; `withSetpoints` (the details and lastTelemetry, which read every parameter)
 * adds the running cycle's setpoints, which no list row shows.
 */
function statusOf(state: TStatusColumns | null, withSetpoints = false): TApplianceSummary['status'] {
  const running = state?.systemState === 4;
  const cycleType = running && isCycleType(state.cycleType) ? state.cycleType : null;
  return {
    online: state?.online ?? false,
    lastSeenAt: iso(state?.lastSeenAt),
    systemState: state?.systemState ?? null,
    cycleType,
    cycleNumber: running ? (state.cycleNumber ?? null) : null,
    updating: firmwareUpdating(state?.fota),
    unitSystem: machineUnitSystem(state?.parameters),
    ...(withSetpoints ? { setpoints: runningSetpoints(cycleType, state?.parameters) } : {}),
  };
}

/** Administering other accounts' machines takes ADMIN or the PRODUCTS profile (docs/permissions.md); 403 otherwise. */
function requireProductsProfile(user: TAuthUser): void {
  if (!hasAdminProfile(user, 'PRODUCTS')) throw new AppError('FORBIDDEN');
}

/** Appliances: products, claiming, listing and details (device-areas §3, §7). */
export class ApplianceService {
  constructor(
    private readonly repository: ApplianceRepository,
    private readonly companies: CompanyRepository,
    private readonly access: ApplianceAccess,
    private readonly broker: TBroker,
    /** Where it tells what changed (who sees which machines, a machine provisioned). */
    private readonly events: DomainEvents,
    /** Answers of the hottest reads, dropped by the domain events of every instance. */
    private readonly cache: ApplianceReadCache,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    /** The machine's inspector links, released when someone who held it loses it. */
    private readonly inspectorLinks: Pick<InspectorLinkRepository, 'release'>,
    /** The presets of a machine: its model's default parameter list (DefaultParameterService.valuesFor). */
    private readonly presets: (appliance: TAppliance) => Promise<Record<string, number>> = async (appliance) =>
      defaultParameters(appliance.gamma),
  ) {}

  /**
   * Creates a product; answers its device secret, which is stored only as a hash. Added by an
   * administrator (`actor`), it is recorded in the audit trail (never with its secret).
   */
  async createProduct(
    brand: TBrandCode,
    input: TCreateProductRequest,
    actor?: TAuditActor,
  ): Promise<{ serialNumber: string; deviceSecret: string }> {
    const deviceSecret = newDeviceSecret();
    const created = await this.transactions.run(async (t) => {
      const inserted = await this.repository.in(t).insert({
        serialNumber: input.serialNumber,
        brand,
        modelNumber: input.modelNumber,
        revision: input.revision ?? 'A',
        gamma: input.gamma,
        type: input.type ?? 'undercounter',
        ratingPower: input.ratingPower,
        fw00: input.fw00,
        fw02: input.fw02,
        country: input.country ?? null,
        secretHash: hashDeviceSecret(deviceSecret),
      });
      if (inserted && actor) {
        const { serialNumber, modelNumber, gamma, ratingPower, fw00, fw02 } = input;
        const after = { modelNumber, gamma, ratingPower, fw00, fw02 };
        await this.audit.record(actor, productEntry('product.add', serialNumber, null, null, after), t);
      }
      // Before the commit, as an import does: a broker that does not take the identity (504
      // BROKER_NOT_ANSWERING) leaves no product behind whose secret nobody was given.
      if (inserted) await this.broker.provisionDevice(input.serialNumber, deviceSecret);
      return inserted;
    });
    if (!created) throw new AppError('APPLIANCE_ALREADY_EXISTS');
    this.events.emit('deviceProvisioned', { serial: input.serialNumber });
    return { serialNumber: input.serialNumber, deviceSecret };
  }

  /** The appliance and its state when `user` may see it; 404 otherwise (never 403: no hint that it exists). */
  async visible(user: TAuthUser, serial: string): Promise<TApplianceWithState & { state: TApplianceState }> {
    const found = await this.repository.findVisible(serial, await this.access.condition(user));
    if (!found?.state) throw new AppError('APPLIANCE_NOT_FOUND');
    return { appliance: found.appliance, state: found.state };
  }

  /**
   * `visible`, with the moment from which `user` reads the machine's history (`since`, null for all
   * of it: `historyFloor`, appliance-access.ts). Every read of records, reports, charts and exports asks here.
   */
  async visibleHistory(
    user: TAuthUser,
    serial: string,
  ): Promise<TApplianceWithState & { state: TApplianceState; since: Date | null }> {
    const found = await this.visible(user, serial);
    return { ...found, since: historyFloor(user, found.appliance) };
  }

  /** Serial numbers `user` may see (the push channel's filter, and who is told of an alarm). */
  async visibleSerials(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>): Promise<string[]> {
    return [...(await this.visibleSet(user))];
  }

  /**
   * `visibleSerials` of each of `users`, in their order: those not kept are looked up together, in
   * two statements whatever their number (the weekly reports ask for a batch of accounts at once).
   */
  async visibleSerialsMany(users: readonly Pick<TAuthUser, 'id' | 'brand' | 'role'>[]): Promise<string[][]> {
    const byKey = new Map(users.map((user) => [userKey(user), user]));
    const sets = await this.cache.visibleSerialsMany(users.map(userKey), async (missing) =>
      this.repository.serialsMany(await this.access.conditions(missing.map((key) => byKey.get(key) as (typeof users)[number]))),
    );
    return sets.map((serials) => [...serials]);
  }

  private visibleSet(user: Pick<TAuthUser, 'id' | 'brand' | 'role'>): Promise<Set<string>> {
    return this.cache.visibleSerials(userKey(user), async () => this.repository.serials(await this.access.condition(user)));
  }

  private companyNames(brand: TBrandCode, codes: (string | null)[]): Promise<Map<string, string>> {
    return this.companies.namesByCode(brand, [...new Set(codes.filter((c): c is string => c !== null))]);
  }

  /**
   * One page of the device list: what `user` may see, filtered and sorted by appliance name, from
   * just after `query.after` (one SQL statement; docs/device-list.md, "Pages").
   */
  async list(user: TAuthUser, query: TApplianceListQuery): Promise<TApplianceListPage> {
    const { rows, total, more } = await this.repository.listPage(await this.access.condition(user), query);
    const items = rows.map((r) => ({
      serialNumber: r.serialNumber,
      applianceName: r.applianceName ?? r.serialNumber,
      modelNumber: r.modelNumber,
      gamma: r.gamma,
      brand: r.brand,
      companyCode: r.companyCode,
      companyName: r.companyCode ? r.companyName : null,
      // A machine the cloud never heard from is reachable only by the mobile app, over Bluetooth.
      connectivity: r.lastSeenAt ? ('wifi' as const) : ('bluetooth' as const),
      status: statusOf(r),
      telemetry: r.telemetry ?? null,
      openAlarms: Number(r.openAlarms),
    }));
    const last = rows.at(-1);
    return {
      items,
      total,
      nextCursor: more && last ? encodeApplianceListCursor({ key: last.sortKey, serialNumber: last.serialNumber }) : null,
    };
  }

  /**
   * A device list page as the JSON the route answers, built once per user and query (filters, sort,
   * limit and cursor) and kept until what it shows changes (`ApplianceReadCache`).
   */
  async listJson(user: TAuthUser, query: TApplianceListQuery): Promise<Buffer> {
    return this.cache.list(listKey(user, query), async () => Buffer.from(serializeListPage(await this.list(user, query))));
  }

  /**
   * The page of `listJson` if it is kept, else undefined: the route then answers without waiting
   * for a promise (the hottest reads, docs/benchmarks.md).
   */
  keptListJson(user: TAuthUser, query: TApplianceListQuery): Buffer | undefined {
    return this.cache.keptList(listKey(user, query));
  }

  /** The service companies of the machines `user` sees: the choices of the list's company filter. */
  async listCompanies(user: TAuthUser): Promise<TApplianceCompany[]> {
    const codes = await this.repository.companyCodes(await this.access.condition(user));
    const names = await this.companyNames(user.brand, codes);
    return codes
      .map((code) => ({ code, name: names.get(code) ?? null }))
      .sort((a, b) => (a.name ?? a.code).localeCompare(b.name ?? b.code));
  }

  async detail(user: TAuthUser, serial: string): Promise<TApplianceDetail> {
    const { appliance: a, state } = await this.visible(user, serial);
    const names = await this.companyNames(user.brand, [a.companyCode]);
    return {
      serialNumber: a.serialNumber,
      applianceName: a.applianceName ?? a.serialNumber,
      modelNumber: a.modelNumber,
      revision: a.revision,
      brand: a.brand,
      type: a.type,
      gamma: a.gamma,
      ratingPower: a.ratingPower as TApplianceDetail['ratingPower'],
      // Where and when the machine was installed: what it reports (the service menu's install) wins
      // over what the product was imported with or an administrator recorded.
      country: state.info?.installation?.country ?? a.country,
      installationDate: state.info?.installation?.at ?? iso(a.installationDate),
      fw00: state.versions?.fw00 ?? a.fw00,
      fw02: state.versions?.fw02 ?? a.fw02,
      companyCode: a.companyCode,
      companyName: a.companyCode ? (names.get(a.companyCode) ?? null) : null,
      // What the machine reports itself wins over what the product record was imported with.
      macAddress: state.info?.macAddress ?? a.macAddress,
      voltage: state.info?.mainsVoltage ?? a.voltage,
      networkFrequency: state.info?.mainsFrequency ?? a.networkFrequency,
      electricityDistribution: state.info?.electricityDistribution ?? a.electricityDistribution,
      assistance: a.assistance,
      owned: a.ownerUserId === user.id,
      historyFrom: iso(historyFloor(user, a)),
      status: statusOf(state, true),
      versions: state.versions,
      info: state.info,
      panelLocked: state.panelLocked,
      fota: state.fota,
      documents: APPLIANCE_DOCUMENT_TYPES.map((type) => ({ type, url: applianceDocumentPath(a.modelNumber, type) })),
      statistic: state.stats,
    };
  }

  /** The machine's live state when `user` may see it, from the read cache; 404 otherwise. */
  private async visibleState(user: TAuthUser, serial: string): Promise<TApplianceState> {
    const state = (await this.visibleSet(user)).has(serial)
      ? await this.cache.state(serial, () => this.repository.state(serial))
      : undefined;
    if (!state) throw new AppError('APPLIANCE_NOT_FOUND');
    return state;
  }

  async lastTelemetry(user: TAuthUser, serial: string): Promise<TLastTelemetry> {
    return this.lastTelemetryOf(await this.visibleState(user, serial));
  }

  /**
   * lastTelemetry as the JSON the route answers: it depends on the machine's live state only, so it
   * is built once per change of that state and answered to everyone who may see the machine.
   */
  /** lastTelemetry's JSON if the caller is known to see the machine and the JSON is kept, else undefined. */
  keptLastTelemetryJson(user: TAuthUser, serial: string): Buffer | undefined {
    if (!this.cache.keptVisible(userKey(user))?.has(serial)) return undefined;
    return this.cache.keptFromState(serial, 'lastTelemetry');
  }

  async lastTelemetryJson(user: TAuthUser, serial: string): Promise<Buffer> {
    if (!(await this.visibleSet(user)).has(serial)) throw new AppError('APPLIANCE_NOT_FOUND');
    return this.cache.fromState(serial, 'lastTelemetry', async () => {
      const state = await this.cache.state(serial, () => this.repository.state(serial));
      if (!state) throw new AppError('APPLIANCE_NOT_FOUND');
      return Buffer.from(serializeLastTelemetry(this.lastTelemetryOf(state)));
    });
  }

  private lastTelemetryOf(state: TApplianceState): TLastTelemetry {
    const status = statusOf(state, true);
    const t = state.telemetry;
    return {
      serialNumber: state.serialNumber,
      telemetry: t,
      status,
      cycleProgress: cycleProgressPercent(status.systemState, t?.cycleTimeProgress, t?.cycleTimeDuration),
    };
  }

  async rename(user: TAuthUser, serial: string, applianceName: string): Promise<void> {
    await this.visible(user, serial);
    await this.repository.update(serial, { applianceName });
  }

  /**
   * Records where a machine was installed and whom to call for assistance, as its details show them.
   * Only ADMIN or the PRODUCTS profile (403 otherwise); a machine of another brand is 404.
   */
  async recordInstallation(
    user: TAuthUser,
    serial: string,
    installation: { installationDate: Date; assistance: TAppliance['assistance'] },
  ): Promise<void> {
    requireProductsProfile(user);
    const appliance = await this.ofBrand(user.brand, serial);
    await this.repository.update(appliance.serialNumber, installation);
  }

  /** otherinfo: the presets restore-presets brings the machine to (its model's default list), or its rating power. */
  async otherInfo(user: TAuthUser, serial: string, type: 'presets_params' | 'user_rating_power') {
    const { appliance } = await this.visible(user, serial);
    return type === 'presets_params'
      ? { presetsParams: await this.presets(appliance) }
      : { userRatingPower: appliance.ratingPower };
  }

  /**
   * The account an administrator acts for: only ADMIN or the PRODUCTS profile may (403 otherwise);
   * an unknown, deleted or other-brand account is 404 USER_NOT_FOUND.
   */
  private async actingFor(user: TAuthUser, target: { userId?: string; userEmail?: string }): Promise<THolder> {
    requireProductsProfile(user);
    const account = await this.access.account(user.brand, target);
    if (!account) throw new AppError('USER_NOT_FOUND');
    return account;
  }

  private async ofBrand(brand: TBrandCode, serial: string): Promise<TAppliance> {
    const appliance = await this.repository.find(serial);
    if (!appliance || appliance.brand !== brand) throw new AppError('APPLIANCE_NOT_FOUND');
    return appliance;
  }

  /**
   * Binds a machine to the caller by the code its display shows: a kitchen manager becomes its
   * owner, a service user's company becomes its service company. Unknown machines, wrong and
   * expired codes all answer the same error. An administrator (ADMIN or PRODUCTS) may claim for
   * another account (`userId`/`userEmail`), with or without the code (docs/permissions.md).
   */
  async claim(user: TAuthUser, request: TClaimCommand): Promise<void> {
    const forOther = request.userId !== undefined || request.userEmail !== undefined;
    const holder = forOther ? await this.actingFor(user, request) : user;
    if (request.activationCode === undefined) {
      if (!forOther) throw new AppError('ACTIVATION_CODE_INVALID');
      const appliance = await this.ofBrand(user.brand, request.serialNumber);
      const serviceCode = await this.serviceCompanyOf(holder);
      await this.transactions.run((t) => this.bind(holder, serviceCode, appliance, request.applianceName, t, user));
      this.events.emit('appliancesChanged', { brand: user.brand, serials: [request.serialNumber] });
      return;
    }
    const appliance = await this.repository.find(request.serialNumber);
    const state = appliance && appliance.brand === user.brand ? await this.repository.state(appliance.serialNumber) : undefined;
    if (!appliance || !state?.claimingCodeHash || !state.claimingCodeExpiresAt) throw new AppError('ACTIVATION_CODE_INVALID');
    const expired = state.claimingCodeExpiresAt.getTime() < Date.now() || state.claimingFailedAttempts >= CLAIM_ATTEMPTS;
    const matches = timingSafeEqual(
      Buffer.from(state.claimingCodeHash, 'hex'),
      Buffer.from(hashClaimingCode(appliance.serialNumber, request.activationCode), 'hex'),
    );
    if (expired || !matches) {
      if (!expired) {
        const failures = await this.repository.countClaimFailure(appliance.serialNumber);
        if (failures >= CLAIM_ATTEMPTS) await this.repository.updateState(appliance.serialNumber, { claimingCodeHash: null });
      }
      throw new AppError('ACTIVATION_CODE_INVALID');
    }
    const serviceCode = await this.serviceCompanyOf(holder);
    await this.transactions.run(async (t) => {
      await this.bind(holder, serviceCode, appliance, request.applianceName, t, forOther ? user : undefined);
      await this.repository.in(t).updateState(appliance.serialNumber, {
        claimingCodeHash: null,
        claimingCodeExpiresAt: null,
        claimingFailedAttempts: 0,
      });
    });
    this.events.emit('appliancesChanged', { brand: user.brand, serials: [appliance.serialNumber] });
  }

  /**
   * The company a service user's claim binds a machine to, read before the claim's transaction (on
   * PGlite a read outside it would wait for it); undefined for other roles or without a company.
   */
  private async serviceCompanyOf(user: THolder): Promise<string | undefined> {
    if (user.role !== 'SERVICE' && user.role !== 'SERVICE_MANAGER') return undefined;
    const [code] = await this.access.companyCodes(user);
    return code;
  }

  /**
   * Makes `user` the machine's holder in the transaction `t`; an administrator acting for that
   * account (`actor`) is recorded in the audit trail with the hold before and after.
   */
  private async bind(
    user: THolder,
    serviceCode: string | undefined,
    appliance: TAppliance,
    applianceName: string,
    t: TTransaction,
    actor?: TAuditActor,
  ): Promise<void> {
    const repository = this.repository.in(t);
    let after: THold;
    if (user.role === 'SERVICE' || user.role === 'SERVICE_MANAGER') {
      const code = serviceCode;
      if (!code) throw new AppError('COMPANY_REQUIRED');
      const now = new Date();
      await repository.update(appliance.serialNumber, {
        companyCode: code,
        applianceName: appliance.applianceName ?? applianceName,
        claimedAt: now,
        lastCompanyCode: code,
        companySince: heldSince(appliance.lastCompanyCode, appliance.companySince, code, now),
      });
      // Another company takes over the service: the one it replaces loses the machine.
      if (appliance.companyCode && appliance.companyCode !== code) {
        await this.releaseInspectorLinks(t, actor ?? user, appliance.serialNumber);
      }
      after = { owner: appliance.ownerUserId, serviceCompany: code };
    } else {
      if (appliance.ownerUserId && appliance.ownerUserId !== user.id) throw new AppError('APPLIANCE_ALREADY_CLAIMED');
      const now = new Date();
      // Only a kitchen's hold makes an earlier kitchen: an administrator holding the machine for
      // itself (setting it up, testing it) leaves the history to the kitchen that claims it next.
      const kitchen =
        user.role === 'KITCHEN_MANAGER'
          ? { lastOwnerUserId: user.id, ownerSince: heldSince(appliance.lastOwnerUserId, appliance.ownerSince, user.id, now) }
          : {};
      await repository.update(appliance.serialNumber, { ownerUserId: user.id, applianceName, claimedAt: now, ...kitchen });
      after = { owner: user.id, serviceCompany: appliance.companyCode };
    }
    if (actor) {
      const entry = productEntry('product.claim', appliance.serialNumber, user.email, holdOf(appliance), after);
      await this.audit.record(actor, entry, t);
    }
  }

  /**
   * "Delete machine": releases the caller's hold on it (its owner, or its service company — the
   * caller's own or one of its tree); one who sees it without a hold (a kitchen manager linked to a
   * customer of its service) gets 409 APPLIANCE_NOT_CLAIMED and changes nothing. An
   * administrator (ADMIN or PRODUCTS) may release the hold of another account (`userId`/`userEmail`):
   * its ownership, or its own company's service; 409 APPLIANCE_NOT_CLAIMED when it holds nothing.
   * What an administrator releases (for another account, or an ADMIN's release of both holds) is
   * recorded in the audit trail.
   */
  async unclaim(user: TAuthUser, query: TUnclaimQuery): Promise<void> {
    const serial = query.serialNumber;
    let holder: THolder | undefined;
    let appliance: TAppliance;
    let release: Partial<Pick<TAppliance, 'ownerUserId' | 'companyCode' | 'claimedAt'>>;
    if (query.userId !== undefined || query.userEmail !== undefined) {
      holder = await this.actingFor(user, query);
      appliance = await this.ofBrand(user.brand, serial);
      if (appliance.ownerUserId === holder.id) {
        release = { ownerUserId: null, claimedAt: null };
      } else {
        const [own] = await this.access.companyCodes(holder);
        if (!own || appliance.companyCode !== own) throw new AppError('APPLIANCE_NOT_CLAIMED');
        release = { companyCode: null };
      }
    } else {
      appliance = (await this.visible(user, serial)).appliance;
      if (user.role === 'ADMIN') release = { ownerUserId: null, companyCode: null, claimedAt: null };
      else if (appliance.ownerUserId === user.id) release = { ownerUserId: null, claimedAt: null };
      else if (appliance.companyCode !== null && (await this.access.companyCodes(user)).includes(appliance.companyCode)) {
        release = { companyCode: null };
      } else {
        // Seen without a hold of its own (a kitchen manager linked to the service's customer): nothing to release.
        throw new AppError('APPLIANCE_NOT_CLAIMED');
      }
    }
    const audited = holder !== undefined || user.role === 'ADMIN';
    await this.transactions.run(async (t) => {
      await this.repository.in(t).update(serial, release);
      await this.releaseInspectorLinks(t, user, serial);
      if (!audited) return;
      const after = holdOf({ ...appliance, ...release });
      await this.audit.record(user, productEntry('product.unclaim', serial, holder?.email ?? null, holdOf(appliance), after), t);
    });
    this.events.emit('appliancesChanged', { brand: user.brand, serials: [serial] });
  }

  /**
   * Someone who held the machine loses it (its owner or its service company is removed): in the same
   * transaction its inspector links are released — those still working revoked by `actor`, each
   * revocation audited — and leave its list (docs/hygiene.md, "Inspector links"). What the former
   * holders shared is not the next holders' to keep open or to read.
   */
  private async releaseInspectorLinks(t: TTransaction, actor: TAuditActor, serial: string): Promise<void> {
    const revoked = await this.inspectorLinks.release(t, serial, actor.id);
    await recordLinkRevocations(
      this.audit,
      t,
      actor,
      revoked.map((link) => ({ ...link, serialNumber: serial })),
      'released',
    );
  }
}
