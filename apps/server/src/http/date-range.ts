/** A date of a range query (`ZDateRangeQuery`): a bare day covers the whole day (UTC). */
export function rangeBoundary(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`);
  return new Date(value);
}

/**
 * The start of a read of a machine's history for a caller who reads it from `since` on (null: all
 * of it; `ApplianceService.visibleHistory`): the later of the two.
 */
export function notBefore(from: Date, since: Date | null): Date {
  return since && since > from ? since : from;
}
