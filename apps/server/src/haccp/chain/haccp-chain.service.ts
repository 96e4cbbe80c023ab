import {
  canCorrectHaccp,
  type THaccpChainBreak,
  type THaccpCloseOutView,
  type THaccpCorrectionRequest,
  type THaccpCorrectionView,
  type THaccpVerification,
  type TInspectionVerification,
} from '@washboard/contracts';
import { AppError } from '../../errors';
import type { TAuthUser } from '../../auth/token.service';
import type { ApplianceService } from '../../appliance/appliance.service';
import type { TSqlRunner } from '../../db/database';
import { canonicalJson, type TCorrectionRow } from './chain';
import { emptyOutcome, noteBreak, walkFigures, type TWalkOutcome, type TWalkStart } from './chain-walk';
import type { ChainWalker } from './chain-walker';
import type { HaccpChainRepository, TCloseOutRow } from './haccp-chain.repository';
import type { JobQueue } from '../../jobs/job-queue';
import { HACCP_CLOSE_OUT } from '../../jobs/kinds';
import { nextDailyUtc, scheduleRecurring } from '../../jobs/recurring';
import type { THaccpSigningKey } from './haccp-signing-key';
import { checkPeriodSpan, periodSince } from '../report-period';
import { rangeBoundary } from '../../http/date-range';

/** Chain positions read per query while verifying. */
const PAGE = 2000;
/** Pages read ahead of the walker's thread at most. */
const IN_FLIGHT = 3;
/** Close-outs before a period looked at for a signed starting point. */
const START_CANDIDATES = 5;

/** What a close-out signs (docs/hygiene.md, "Daily close-out"). */
export function closeOutMessage(serialNumber: string, day: string, seq: number, hash: string): string {
  return canonicalJson({ type: 'washboard.haccp.closeOut', serialNumber, day, seq, hash });
}

/** What a review signs: the close-out's position and who confirmed it, when. */
export function reviewMessage(
  serialNumber: string,
  day: string,
  seq: number,
  hash: string,
  reviewer: string,
  reviewedAt: string,
): string {
  return canonicalJson({ type: 'washboard.haccp.review', serialNumber, day, seq, hash, reviewer, reviewedAt });
}

/** The UTC day (YYYY-MM-DD) of an instant. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Records a break the verification found at `at` (`noteBreak`). */
type TBroke = (b: THaccpChainBreak, at: string) => void;

/**
 * The tamper-evident HACCP record (docs/hygiene.md): verification of a machine's chain, the daily
 * close-outs signed with the server's key, reviews and corrections — each after the visibility check.
 */
export class HaccpChainService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly repository: HaccpChainRepository,
    private readonly key: THaccpSigningKey,
    /** Where the chain is walked (a worker thread). */
    private readonly walker: ChainWalker,
    /** Positions read per query while verifying (tests walk across pages with a small one). */
    private readonly pageSize = PAGE,
  ) {}

  /** The published public keys (GET /.well-known/haccp-keys). */
  publicKeys() {
    return { keys: this.key.publicKeys };
  }

  /** Verifies the machine's chain over [from, to], at most a report's year, for a user who sees the machine. */
  async verify(user: TAuthUser, serial: string, from: Date, to: Date): Promise<THaccpVerification> {
    const { since } = await this.appliances.visibleHistory(user, serial);
    checkPeriodSpan(from, to);
    if (!since) return this.verifyPeriod(serial, from, to);
    // Read from when the machine came to the caller's kitchen (docs/permissions.md): the walk may start
    // before the period, among the earlier kitchen's records, so only the period's problems are named
    // and the others counted, as for an inspector link.
    const period = periodSince({ from, to }, since);
    return this.walk(serial, period.from, period.to, true);
  }

  /**
   * Recomputes the machine's chain from a trusted starting point up to `to` and says which entry
   * breaks it: the latest close-out before the period whose signature verifies, else the retention
   * anchor, else the chain's start. Each entry is recomputed from the hash stored before it, so one
   * changed record is named alone; a second running value recomputed from the start only is compared
   * with every signed close-out, which catches a rewrite that also recomputed the following hashes.
   */
  async verifyPeriod(serial: string, from: Date, to: Date): Promise<THaccpVerification> {
    const { breaksOutsidePeriod: _none, ...result } = await this.walk(serial, from, to, false);
    return result;
  }

  /**
   * The same walk for an inspector link, whose holder may see the period only: it names only the
   * problems whose time lies inside [from, to] (a record's own time; for a gap, when the entry after
   * it was chained) and counts the others — the walk starts at the last signed close-out before the
   * period, so it also reads records from before it. `verified` stays the whole walk's verdict: a
   * break just before the period can hide a rewrite inside it (the close-outs can no longer be
   * matched), so the count says why a period with no listed break is not verified.
   * For callers that checked access already.
   */
  async verifyWithin(serial: string, from: Date, to: Date): Promise<TInspectionVerification> {
    return this.walk(serial, from, to, true);
  }

  private async walk(serial: string, from: Date, to: Date, onlyWithin: boolean): Promise<TInspectionVerification> {
    const period = onlyWithin ? { from: from.getTime(), to: to.getTime() } : null;
    return this.repository.snapshot(async (sql) => {
      const head = (await this.repository.head(sql, serial)) ?? (await this.repository.headless(sql, serial));
      const closeOuts = await this.repository.closeOuts(sql, serial, dayOf(from), dayOf(to));
      const base = { serialNumber: serial, from: from.toISOString(), to: to.toISOString() };
      if (!head) {
        // No entry at all: a close-out signs positions that are gone.
        const views = closeOuts.map((c) => this.closeOutView(serial, c, false));
        return {
          ...base,
          ...walkFigures(emptyOutcome(0)),
          startedFrom: 'genesis' as const,
          startSeq: 0,
          closeOuts: views,
          verified: views.length === 0,
        };
      }
      let startSeq = head.anchorSeq;
      let startHash = head.anchorHash;
      let startedFrom: TInspectionVerification['startedFrom'] = head.anchorSeq > 0 ? 'anchor' : 'genesis';
      const start = (await this.repository.closeOutsBefore(sql, serial, dayOf(from), START_CANDIDATES)).find(
        (c) => c.seq >= head.anchorSeq && this.key.verify(c.keyId, closeOutMessage(serial, c.day, c.seq, c.hash), c.signature),
      );
      if (start) {
        startSeq = start.seq;
        startHash = start.hash;
        startedFrom = 'closeOut';
      }
      // On to the last position a close-out of the period signs at least: records deleted up to it
      // would otherwise end the walk early and leave the close-out unjudged.
      const last = Math.max(await this.repository.periodEnd(sql, serial, from, to), ...closeOuts.map((c) => c.seq));
      const outcome = await this.walkPages(sql, head.seq, last, {
        serial,
        startSeq,
        startHash,
        wanted: closeOuts.map((c) => c.seq),
        period,
      });
      await this.findUnchained(sql, serial, head.createdAt, outcome, from, to, (b, at) => noteBreak(outcome, period, b, at));
      const strictAt = new Map(outcome.strictAt);
      const views = closeOuts.map((c) => {
        // Judged where this walk knows the hash: at its start (trusted) and along the entries walked.
        // A position after the walk's last entry is one whose records are gone: it matches nothing.
        const matches =
          c.seq === startSeq
            ? c.hash === startHash
            : c.seq > outcome.prevSeq
              ? false
              : c.seq > startSeq
                ? strictAt.get(c.seq) === c.hash
                : null;
        return this.closeOutView(serial, c, matches);
      });
      const found = walkFigures(outcome);
      return {
        ...base,
        ...found,
        startedFrom,
        startSeq,
        closeOuts: views,
        verified:
          found.verified && views.every((c) => c.signatureValid && c.matchesChain !== false && c.reviewSignatureValid !== false),
      };
    });
  }

  /**
   * Walks the chain after the start, page by page, on the walker's thread, up to position `last`
   * (`periodEnd`). Positions are read in ranges (a range with a gap holds fewer entries) up to the
   * head, and on while a range is full to its end: entries stored past the head are walked too. Up
   * to the head, the next range is read while the walker walks this one (at most `IN_FLIGHT` pages
   * ahead of it).
   */
  private async walkPages(sql: TSqlRunner, headSeq: number, last: number, start: TWalkStart): Promise<TWalkOutcome> {
    const walk = this.walker.start(start);
    const read = (after: number) => {
      const page = this.repository.page(sql, start.serial, after, last, this.pageSize);
      page.catch(() => {}); // awaited below; not unhandled should the walk stop before
      return page;
    };
    const walking: Promise<unknown>[] = [];
    try {
      let next = read(start.startSeq);
      for (let after = start.startSeq; ; after += this.pageSize) {
        const text = await next;
        const beforeHead = after + this.pageSize < Math.min(headSeq, last);
        if (beforeHead) next = read(after + this.pageSize);
        const walked = walk.page(text);
        walked.catch(() => {}); // awaited below
        walking.push(walked);
        if (!beforeHead) {
          if (((await walked) ?? 0) < after + this.pageSize) break;
          next = read(after + this.pageSize);
        } else if (walking.length > IN_FLIGHT) await walking.shift();
        // Other requests' statements in between pages (PGlite runs one statement at a time).
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await Promise.all(walking);
      return await walk.finish();
    } catch (error) {
      walk.abort();
      throw error;
    }
  }

  /** Events and alarms of the period (stored in it, or of it by their own time) past the chain. */
  private async findUnchained(
    sql: TSqlRunner,
    serial: string,
    chainStart: string,
    walked: Pick<TWalkOutcome, 'firstChainedAt' | 'prevSeq'>,
    from: Date,
    to: Date,
    broke: TBroke,
  ): Promise<void> {
    const chainFrom = [chainStart, walked.firstChainedAt ?? chainStart].sort().at(-1) ?? chainStart;
    const since = [chainFrom, from.toISOString()].sort().at(-1) ?? chainFrom;
    for (const r of await this.repository.unchained(sql, serial, chainFrom, since, from, to, walked.prevSeq)) {
      broke({ seq: null, toSeq: null, problem: 'unchained', kind: r.kind, recordId: r.id, deviceTime: r.time }, r.time);
    }
  }

  private closeOutView(serial: string, c: TCloseOutRow, matchesChain: boolean | null): THaccpCloseOutView {
    return {
      day: c.day,
      seq: c.seq,
      hash: c.hash,
      keyId: c.keyId,
      signature: c.signature,
      signedAt: c.signedAt,
      signatureValid: this.key.verify(c.keyId, closeOutMessage(serial, c.day, c.seq, c.hash), c.signature),
      matchesChain,
      reviewerName: c.reviewerName,
      reviewedAt: c.reviewedAt,
      reviewSignatureValid:
        c.reviewerName && c.reviewedAt && c.reviewSignature
          ? // Signed with the key current at the review, which a rotation since may have made the previous one.
            this.key.publicKeys.some(({ kid }) =>
              this.key.verify(
                kid,
                reviewMessage(serial, c.day, c.seq, c.hash, c.reviewerName ?? '', c.reviewedAt ?? ''),
                c.reviewSignature ?? '',
              ),
            )
          : null,
    };
  }

  /**
   * The daily close-out (docs/hygiene.md): signs, for every machine with a chain, its position at
   * the end of each of the `days` UTC days before `now` not closed yet. Answers how many it signed.
   */
  async closeOut(now = new Date(), days = 7): Promise<number> {
    let signed = 0;
    for (let back = days; back >= 1; back -= 1) {
      const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - back + 1));
      const day = dayOf(new Date(end.getTime() - 1));
      const positions = await this.repository.positionsToClose(day, end);
      signed += await this.repository.insertCloseOuts(
        day,
        positions.map((p) => ({
          ...p,
          keyId: this.key.kid,
          signature: this.key.sign(closeOutMessage(p.serialNumber, day, p.seq, p.hash)),
        })),
      );
    }
    return signed;
  }

  /** Runs the close-out at every start and daily at 00:15 UTC (a recurring job, once across instances). */
  async schedule(jobs: JobQueue): Promise<void> {
    await scheduleRecurring(
      jobs,
      HACCP_CLOSE_OUT,
      {},
      (now) => nextDailyUtc(now, 15),
      () => this.closeOut().then(() => {}),
    );
  }

  /** Records that `user` reviewed the machine's closed day: a second signature names them. */
  async review(user: TAuthUser, serial: string, day: string): Promise<THaccpCloseOutView> {
    const { since } = await this.appliances.visibleHistory(user, serial);
    const closed = await this.repository.closeOut(serial, day);
    // A day wholly before the machine came to the caller's kitchen is the earlier kitchen's to review.
    if (!closed || (since && rangeBoundary(day, true) < since)) throw new AppError('NOT_FOUND');
    const name = await this.repository.snapshot((sql) => this.repository.userName(sql, user.id));
    const at = new Date().toISOString();
    // A day is reviewed once: a second review would replace the first reviewer's signed confirmation.
    if (closed.reviewedAt) throw new AppError('HACCP_DAY_ALREADY_REVIEWED');
    const recorded = await this.repository.review(serial, day, {
      userId: user.id,
      name,
      at,
      signature: this.key.sign(reviewMessage(serial, day, closed.seq, closed.hash, name, at)),
    });
    if (!recorded) throw new AppError('HACCP_DAY_ALREADY_REVIEWED');
    const reviewed = await this.repository.closeOut(serial, day);
    if (!reviewed) throw new AppError('NOT_FOUND');
    return this.closeOutView(serial, reviewed, null);
  }

  /** Adds an annotated correction of one event or alarm (the service and the administrator only). */
  async correct(user: TAuthUser, serial: string, request: THaccpCorrectionRequest): Promise<THaccpCorrectionView> {
    await this.appliances.visible(user, serial);
    if (!canCorrectHaccp(user)) throw new AppError('FORBIDDEN');
    const stored = await this.repository.addCorrection(serial, { ...request, authorId: user.id });
    if (!stored) throw new AppError('NOT_FOUND');
    return toCorrectionView(stored);
  }

  /**
   * The corrections of the machine's records; for a caller who reads its history from `since` on
   * (docs/permissions.md), those made since, of records it reads (an event since, an alarm active since).
   */
  async corrections(user: TAuthUser, serial: string): Promise<THaccpCorrectionView[]> {
    const { since } = await this.appliances.visibleHistory(user, serial);
    return (await this.repository.corrections(serial, undefined, since)).map(toCorrectionView);
  }
}

function toCorrectionView(c: TCorrectionRow & { seq: number | null }): THaccpCorrectionView {
  return {
    id: c.id,
    correctsKind: c.corrects_kind === 'alarm' ? 'alarm' : 'event',
    correctsId: c.corrects_id,
    note: c.note,
    authorName: c.author_name,
    createdAt: new Date(c.created_at).toISOString(),
    seq: c.seq,
  };
}
