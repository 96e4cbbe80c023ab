import type {
  THaccpAlarmView,
  THaccpChainBreak,
  THaccpCloseOutView,
  THaccpEventView,
  TInspectionAlarm,
  TInspectionVerification,
  TOtherVersion,
  TRecordCorrection,
} from '@washboard/contracts';

/*
 * What of the record an inspector link shows, field by field (docs/security.md, "Inspector links").
 * Each public piece is built from an allow-list rather than passed on, so a field added to the
 * dashboard's views later stays off the public answer until it is named here (the compiler asks for
 * it). People appear only by the name the record keeps (`personName`), never by id or e-mail address.
 */

/** A HACCP event as the inspector sees it: the dashboard's row, its corrections by author name only. */
export function inspectionEvent(e: THaccpEventView): THaccpEventView {
  return {
    id: e.id,
    kind: e.kind,
    cycleName: e.cycleName,
    cycleNumber: e.cycleNumber,
    start: e.start,
    stop: e.stop,
    completed: e.completed,
    measurements: e.measurements,
    parameterName: e.parameterName,
    oldValue: e.oldValue,
    newValue: e.newValue,
    washTmp: e.washTmp,
    rinseTmp: e.rinseTmp,
    verdict: e.verdict,
    failures: e.failures,
    heatDose: e.heatDose && { hue: e.heatDose.hue, a0: e.heatDose.a0, seconds: e.heatDose.seconds },
    checks: e.checks.map(({ rule, value, limit, met }) => ({ rule, value, limit, met })),
    chain: e.chain && { seq: e.chain.seq, hash: e.chain.hash, late: e.chain.late, carriedBy: e.chain.carriedBy },
    corrections: e.corrections.map(inspectionCorrection),
    otherVersions: e.otherVersions.map(inspectionVersion),
  };
}

function inspectionVersion({ carriedBy, receivedAt }: TOtherVersion): TOtherVersion {
  return { carriedBy, receivedAt };
}

function inspectionCorrection({ id, note, authorName, createdAt }: TRecordCorrection): TRecordCorrection {
  return { id, note, authorName, createdAt };
}

/**
 * An alarm as the inspector sees it: who acknowledged it (by name), when and with which note — a
 * corrective action is part of the record — but not whom it is assigned to: that is the kitchen's
 * own work.
 */
export function inspectionAlarm(a: THaccpAlarmView): TInspectionAlarm {
  const ack = a.acknowledgement;
  return {
    id: a.id,
    errorCode: a.errorCode,
    startDate: a.startDate,
    stopDate: a.stopDate,
    acknowledgement: ack && { at: ack.at, note: ack.note, by: ack.by && { name: ack.by.name } },
    chain: a.chain,
    corrections: a.corrections.map(inspectionCorrection),
    otherVersions: a.otherVersions.map(inspectionVersion),
  };
}

function inspectionBreak(b: THaccpChainBreak): THaccpChainBreak {
  return { seq: b.seq, toSeq: b.toSeq, problem: b.problem, kind: b.kind, recordId: b.recordId, deviceTime: b.deviceTime };
}

function inspectionCloseOut(c: THaccpCloseOutView): THaccpCloseOutView {
  return {
    day: c.day,
    seq: c.seq,
    hash: c.hash,
    keyId: c.keyId,
    signature: c.signature,
    signedAt: c.signedAt,
    signatureValid: c.signatureValid,
    matchesChain: c.matchesChain,
    reviewerName: c.reviewerName,
    reviewedAt: c.reviewedAt,
    reviewSignatureValid: c.reviewSignatureValid,
  };
}

/**
 * The verification as the inspector sees it: the walk's figures, its breaks inside the period, how
 * many it found outside, and the period's close-outs.
 */
export function inspectionVerification(v: TInspectionVerification): TInspectionVerification {
  return {
    serialNumber: v.serialNumber,
    from: v.from,
    to: v.to,
    verified: v.verified,
    startedFrom: v.startedFrom,
    startSeq: v.startSeq,
    checked: v.checked,
    firstSeq: v.firstSeq,
    lastSeq: v.lastSeq,
    firstHash: v.firstHash,
    lastHash: v.lastHash,
    late: v.late,
    breaks: v.breaks.map(inspectionBreak),
    breaksOutsidePeriod: v.breaksOutsidePeriod,
    closeOuts: v.closeOuts.map(inspectionCloseOut),
  };
}
