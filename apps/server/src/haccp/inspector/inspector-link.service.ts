import {
  BRANDS,
  canShareHaccp,
  INSPECTOR_TOKEN_BYTES,
  inspectorPagePath,
  lastShareableDay,
  type TBrandCode,
  type TInspectionExport,
  type TInspectionView,
  type TLanguage,
  type TInspectorLinkCreated,
  type TInspectorLinkOpening,
  type TInspectorLinkRequest,
  type TInspectorLinkStatus,
  type TInspectorLinkView,
  machineUnitSystem,
} from '@washboard/contracts';
import { AppError } from '../../errors';
import type { TAuthUser } from '../../auth/token.service';
import type { ApplianceService } from '../../appliance/appliance.service';
import type { AuditService } from '../../audit/audit.service';
import type { Transactions, TTransaction } from '../../db/transaction';
import { randomToken, sha256 } from '../../auth/secrets';
import { notBefore, rangeBoundary } from '../../http/date-range';
import { clientNetwork } from '../../http/client-network';
import { checkPeriodSpan, periodSince } from '../report-period';
import type { HaccpService, THaccpCsvFile, THaccpReportFile } from '../haccp.service';
import type { HaccpChainService } from '../chain/haccp-chain.service';
import type { InspectorLinkRepository, TInspectorLinkRow, TInspectorLinkTarget } from './inspector-link.repository';
import { inspectionAlarm, inspectionEvent, inspectionVerification } from './inspection-view';

const DAY_MS = 86_400_000;
/** The longest user agent an opening keeps. */
const USER_AGENT_MAX_LENGTH = 300;

/** Who opened a link: the client's address (as Fastify reads it, TRUST_PROXY applied) and browser. */
export type TVisitor = { ip: string | undefined; userAgent: string | undefined };

/** What an opening keeps of its visitor: the network, the browser (cut), and the file of a download. */
type TSeen = { network: string | null; userAgent: string | null; download: TInspectionExport | null };

function seenOf(visitor: TVisitor, download: TInspectionExport | null): TSeen {
  return {
    network: clientNetwork(visitor.ip),
    userAgent: visitor.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) || null,
    download,
  };
}

function statusOf(link: { revokedAt: Date | null; releasedAt: Date | null; expiresAt: Date }, now: Date): TInspectorLinkStatus {
  if (link.revokedAt) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  // Releasing revokes a working link; should one have escaped that, it opens no more either.
  return link.releasedAt ? 'revoked' : 'active';
}

function toView(link: TInspectorLinkRow, now = new Date()): TInspectorLinkView {
  return {
    id: link.id,
    serialNumber: link.serialNumber,
    startDate: link.startDate,
    stopDate: link.stopDate,
    label: link.label,
    createdByName: link.createdByName,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    revokedByName: link.revokedByName,
    status: statusOf(link, now),
    openings: link.openings,
    lastOpenedAt: link.lastOpenedAt?.toISOString() ?? null,
    refusedOpenings: link.refusedOpenings,
    lastRefusedAt: link.lastRefusedAt?.toISOString() ?? null,
  };
}

/** What an audit record says of a link (never its token or hash). */
const audited = (link: TInspectorLinkRow) => ({
  linkId: link.id,
  startDate: link.startDate,
  stopDate: link.stopDate,
  label: link.label,
  expiresAt: link.expiresAt.toISOString(),
});

/**
 * Inspector links (docs/hygiene.md, "Inspector links"): the owner side or the service of a machine
 * shares its HACCP record over one period through a random, time-limited, revocable address; whoever
 * opens it sees that machine's events, heat doses, alarms and verification, and every opening is kept.
 */
export class InspectorLinkService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly repository: InspectorLinkRepository,
    private readonly haccp: HaccpService,
    private readonly chain: HaccpChainService,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
  ) {}

  /** Records a change of the machine's links in the audit trail, in the change's transaction. */
  private record(
    t: TTransaction,
    user: TAuthUser,
    action: 'haccp.link-create' | 'haccp.link-revoke',
    serial: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ): Promise<void> {
    const target = { kind: 'product' as const, id: serial, label: serial };
    return this.audit.record(user, { action, target, serialNumber: serial, before, after }, t);
  }

  /**
   * The machine's holders, for a caller who sees it (else 404) and may share its record (else 403),
   * and from when the caller reads its history (`since`: docs/permissions.md).
   */
  private async sharing(
    user: TAuthUser,
    serial: string,
  ): Promise<{ ownerUserId: string | null; companyCode: string | null; since: Date | null }> {
    const { appliance, since } = await this.appliances.visibleHistory(user, serial);
    if (!canShareHaccp(user, appliance.ownerUserId === user.id)) throw new AppError('FORBIDDEN');
    return { ownerUserId: appliance.ownerUserId, companyCode: appliance.companyCode, since };
  }

  /**
   * Creates a link to the machine's record over the period (at most a report's year, ending today
   * at the latest: 400 INSPECTOR_LINK_PERIOD_AHEAD otherwise), valid for the days asked (default 30,
   * at most 90), audited. The answer holds the token: the only time it is shown.
   */
  async create(user: TAuthUser, serial: string, request: TInspectorLinkRequest): Promise<TInspectorLinkCreated> {
    const maker = await this.repository.makerState(user.id);
    const holders = await this.sharing(user, serial);
    const { stopDate, expiresInDays, label } = request;
    const asked = { from: rangeBoundary(request.startDate, false), to: rangeBoundary(stopDate, true) };
    checkPeriodSpan(asked.from, asked.to);
    if (stopDate > lastShareableDay()) throw new AppError('INSPECTOR_LINK_PERIOD_AHEAD');
    // A caller who reads the machine's history from its takeover on shares no more (409
    // PERIOD_BEFORE_TAKEOVER for days wholly before it): the link starts on the day of the takeover at
    // the earliest and shows that day's records from its moment on.
    const shown = periodSince(asked, holders.since);
    // Kept whenever the maker has a floor: alarms still open at the takeover lose the earlier
    // kitchen's people and words even on a link that starts after it.
    const recordsFrom = holders.since;
    const startDate = shown.from > asked.from ? shown.from.toISOString().slice(0, 10) : request.startDate;
    const token = randomToken(INSPECTOR_TOKEN_BYTES);
    const link = await this.transactions.run(async (t) => {
      // Whoever held the machine when the caller was let share it holds it still, until the link is
      // stored: a release racing this one would otherwise miss it (409 CONFLICT when it went first).
      const now = await this.repository.lockHolders(t, serial);
      if (now?.ownerUserId !== holders.ownerUserId || now.companyCode !== holders.companyCode) throw new AppError('CONFLICT');
      // So is the caller's account as it was: a change of it revokes the links it made, and one
      // committing meanwhile would not see this link.
      const makerNow = await this.repository.makerState(user.id, t);
      if (!maker || makerNow?.role !== maker.role || makerNow.companyId !== maker.companyId || makerNow.status !== maker.status) {
        throw new AppError('CONFLICT');
      }
      const stored = await this.repository.insert(t, {
        serialNumber: serial,
        tokenHash: sha256(token),
        startDate,
        stopDate,
        recordsFrom,
        label: label || null,
        createdBy: user.id,
        expiresAt: new Date(Date.now() + expiresInDays * DAY_MS),
      });
      await this.record(t, user, 'haccp.link-create', serial, null, audited(stored));
      return stored;
    });
    return { ...toView(link), token, path: inspectorPagePath(token) };
  }

  /** The machine's links, newest first, with how often each was opened. */
  async list(user: TAuthUser, serial: string): Promise<TInspectorLinkView[]> {
    await this.sharing(user, serial);
    const now = new Date();
    return (await this.repository.list(serial)).map((link) => toView(link, now));
  }

  /** Who opened one of the machine's links, newest first. */
  async openings(user: TAuthUser, serial: string, id: string): Promise<TInspectorLinkOpening[]> {
    await this.sharing(user, serial);
    const link = await this.repository.find(serial, id);
    if (!link) throw new AppError('INSPECTOR_LINK_NOT_FOUND');
    return (await this.repository.openings(link.id)).map((o) => ({ ...o, openedAt: o.openedAt.toISOString() }));
  }

  /** Revokes one of the machine's links at once (audited); revoking it again changes nothing. */
  async revoke(user: TAuthUser, serial: string, id: string): Promise<TInspectorLinkView> {
    await this.sharing(user, serial);
    const link = await this.transactions.run(async (t) => {
      const revokedNow = await this.repository.revoke(t, serial, id, user.id);
      const found = await this.repository.find(serial, id, t.tx);
      if (revokedNow && found) {
        const after = { linkId: id, revokedAt: found.revokedAt?.toISOString() ?? null };
        await this.record(t, user, 'haccp.link-revoke', serial, { linkId: id, revokedAt: null }, after);
      }
      return found;
    });
    if (!link) throw new AppError('INSPECTOR_LINK_NOT_FOUND');
    return toView(link);
  }

  /**
   * The working link with `token`, of a machine of `brand`. Unknown (or another brand's, or its
   * machine deleted): 404; revoked or expired: 410, the refused opening kept (time, network, browser,
   * and the file asked for when it was a download) — unless the machine changed hands since: nobody
   * sees a released link's openings any more.
   */
  private async working(brand: TBrandCode, token: string, seen: TSeen): Promise<TInspectorLinkTarget> {
    const link = await this.repository.byToken(brand, sha256(token));
    if (!link) throw new AppError('INSPECTOR_LINK_NOT_FOUND');
    const status = statusOf(link, new Date());
    if (status !== 'active') {
      // Tried after it stopped working: kept, so its owner sees a link gone astray still being used.
      if (!link.releasedAt) await this.repository.recordOpening(link.id, { ...seen, refused: status });
      throw new AppError(status === 'revoked' ? 'INSPECTOR_LINK_REVOKED' : 'INSPECTOR_LINK_EXPIRED');
    }
    return link;
  }

  /**
   * What the link with `token` shows, opened by `visitor` without an account: the machine, the HACCP
   * events with verdicts and heat doses, the alarms and the verification of the record over its
   * period (problems outside it counted, not named), each copied from an allow-list
   * (inspection-view.ts). Refused as `working` says; each opening of a known link is kept.
   */
  async open(brand: TBrandCode, token: string, visitor: TVisitor): Promise<TInspectionView> {
    const seen = seenOf(visitor, null);
    const link = await this.working(brand, token, seen);
    const serial = link.serialNumber;
    const from = notBefore(rangeBoundary(link.startDate, false), link.recordsFrom);
    const to = rangeBoundary(link.stopDate, true);
    const events = await this.haccp.eventsOf({ serialNumber: serial, type: link.machine.type }, from, to);
    const alarms = await this.haccp.alarmsOf(serial, from, to, link.recordsFrom);
    const verification = await this.chain.verifyWithin(serial, from, to);
    await this.repository.recordOpening(link.id, { ...seen, refused: null });
    return {
      brand: link.machine.brand,
      machine: {
        name: link.machine.applianceName ?? serial,
        serialNumber: serial,
        modelNumber: link.machine.modelNumber,
        rangeName: BRANDS[link.machine.brand].rangeNames[link.machine.gamma],
        gamma: link.machine.gamma,
        type: link.machine.type,
      },
      startDate: link.startDate,
      stopDate: link.stopDate,
      label: link.label,
      expiresAt: link.expiresAt.toISOString(),
      unitSystem: machineUnitSystem(link.parameters),
      events: events.map(inspectionEvent),
      alarms: alarms.map(inspectionAlarm),
      verification: inspectionVerification(verification),
    };
  }

  /**
   * One file of what the link shares — the events or alarms report as PDF, or the same as CSV — in
   * `lang`, times in `timeZone`; refused as `working` says. Each download is kept with the link's
   * openings, naming its file.
   */
  async download(
    brand: TBrandCode,
    token: string,
    file: TInspectionExport,
    visitor: TVisitor,
    options: { lang: TLanguage; timeZone: string | undefined },
  ): Promise<{ pdf: THaccpReportFile } | { csv: THaccpCsvFile }> {
    const seen = seenOf(visitor, file);
    const link = await this.working(brand, token, seen);
    const machine = { ...link.machine, serialNumber: link.serialNumber, parameters: link.parameters };
    const made = await this.haccp.inspectionExport(machine, link, file, options);
    await this.repository.recordOpening(link.id, { ...seen, refused: null });
    return made;
  }
}
