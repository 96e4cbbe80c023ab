import { ZDateRangeQuery } from '@washboard/contracts';
import { AppError } from '../errors';
import { notBefore, rangeBoundary } from '../http/date-range';

/** The longest period a HACCP report or a verification of the record covers. */
export const REPORT_MAX_DAYS = 366;

/**
 * 400 INVALID_DATE_RANGE for a period longer than REPORT_MAX_DAYS. A bare last day ends at its
 * 23:59:59.999 (`rangeBoundary`), so 366 whole days span 1 ms less than 366 × 24 h and pass; a 367th
 * day does not.
 */
export function checkPeriodSpan(from: Date, to: Date): void {
  if (to.getTime() - from.getTime() > REPORT_MAX_DAYS * 86_400_000) throw new AppError('INVALID_DATE_RANGE');
}

/** The period of a report: both dates valid, start not after stop, at most a year (else INVALID_DATE_RANGE). */
export function reportPeriod(query: { startDate?: unknown; stopDate?: unknown }): { from: Date; to: Date } {
  const parsed = ZDateRangeQuery.safeParse({ startDate: query.startDate, stopDate: query.stopDate });
  if (!parsed.success) throw new AppError('INVALID_DATE_RANGE');
  const from = rangeBoundary(parsed.data.startDate, false);
  const to = rangeBoundary(parsed.data.stopDate, true);
  checkPeriodSpan(from, to);
  return { from, to };
}

/**
 * The part of a report's or a link's period a caller reads the machine's history for (`since`, from
 * `ApplianceService.visibleHistory`; null: all of it): the period from `since` on; 409
 * PERIOD_BEFORE_TAKEOVER when it ends before then.
 */
export function periodSince(period: { from: Date; to: Date }, since: Date | null): { from: Date; to: Date } {
  if (since && period.to < since) throw new AppError('PERIOD_BEFORE_TAKEOVER');
  return { from: notBefore(period.from, since), to: period.to };
}
