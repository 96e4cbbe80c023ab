import { z } from 'zod';
import { ZSerialParams } from './appliance.schema';

/**
 * The tamper-evident HACCP record (docs/hygiene.md): verification of a machine's hash chain over a
 * period, the daily close-outs and corrections.
 */
export const HACCP_CHAIN_KINDS = ['event', 'alarm', 'alarmClose', 'correction'] as const;
export type THaccpChainKind = (typeof HACCP_CHAIN_KINDS)[number];

/** Why a chain entry fails verification. */
export const HACCP_CHAIN_PROBLEMS = ['changed', 'missing', 'gap', 'unchained'] as const;
export type THaccpChainProblem = (typeof HACCP_CHAIN_PROBLEMS)[number];

export const ZHaccpChainBreak = z.object({
  /** The chain position (for `gap`: the first missing one; for `unchained`: null). */
  seq: z.number().int().nullable(),
  /** For `gap`: the last missing position. */
  toSeq: z.number().int().nullable(),
  problem: z.enum(HACCP_CHAIN_PROBLEMS),
  kind: z.enum(HACCP_CHAIN_KINDS).nullable(),
  recordId: z.uuid().nullable(),
  /** The record's own time (cycle end, alarm start or end), to find it in the tables. */
  deviceTime: z.iso.datetime().nullable(),
});
export type THaccpChainBreak = z.infer<typeof ZHaccpChainBreak>;

export const ZHaccpCloseOutView = z.object({
  day: z.iso.date(),
  seq: z.number().int(),
  hash: z.string(),
  keyId: z.string(),
  signature: z.string(),
  signedAt: z.iso.datetime(),
  /** The signature verifies with the published key of `keyId`. */
  signatureValid: z.boolean(),
  /** The signed hash is the one recomputed at `seq` (null when `seq` is outside the period walked). */
  matchesChain: z.boolean().nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  reviewSignatureValid: z.boolean().nullable(),
});
export type THaccpCloseOutView = z.infer<typeof ZHaccpCloseOutView>;

export const ZHaccpVerification = z
  .object({
    serialNumber: z.string(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    /** No break, and every close-out in the period verifies and matches the chain. */
    verified: z.boolean(),
    /** Where the walk started: the chain's start, the retention anchor, or a signed close-out. */
    startedFrom: z.enum(['genesis', 'anchor', 'closeOut']),
    startSeq: z.number().int(),
    /** Entries recomputed, and the positions of the first and last. */
    checked: z.number().int(),
    firstSeq: z.number().int().nullable(),
    lastSeq: z.number().int().nullable(),
    firstHash: z.string().nullable(),
    lastHash: z.string().nullable(),
    /** Entries marked late (the machine had buffered them). */
    late: z.number().int(),
    breaks: z.array(ZHaccpChainBreak),
    /**
     * For a caller who reads the machine's history from a later moment than the period's start (its
     * kitchen took the machine over: docs/permissions.md), problems found before that moment: counted
     * in `verified`, not listed in `breaks` (as for an inspector link). Absent otherwise.
     */
    breaksOutsidePeriod: z.int().min(0).optional(),
    closeOuts: z.array(ZHaccpCloseOutView),
  })
  .meta({ id: 'HaccpVerification' });
export type THaccpVerification = z.infer<typeof ZHaccpVerification>;

/** The length of a correction's note (characters, after trimming). */
export const HACCP_CORRECTION_NOTE_MIN = 3;
export const HACCP_CORRECTION_NOTE_MAX = 1000;

/** POST …/haccp/corrections: an annotated correction of one event or alarm by the service. */
export const ZHaccpCorrectionRequest = z.object({
  correctsKind: z.enum(['event', 'alarm']),
  correctsId: z.uuid(),
  note: z.string().trim().min(HACCP_CORRECTION_NOTE_MIN).max(HACCP_CORRECTION_NOTE_MAX),
});
export type THaccpCorrectionRequest = z.infer<typeof ZHaccpCorrectionRequest>;

export const ZHaccpCorrectionView = z.object({
  id: z.uuid(),
  correctsKind: z.enum(['event', 'alarm']),
  correctsId: z.uuid(),
  note: z.string(),
  authorName: z.string(),
  createdAt: z.iso.datetime(),
  seq: z.number().int().nullable(),
});
export type THaccpCorrectionView = z.infer<typeof ZHaccpCorrectionView>;

/** A UTC day (YYYY-MM-DD) in a path. */
export const ZHaccpDayParams = ZSerialParams.extend({ day: z.iso.date() });
