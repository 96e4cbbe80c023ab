import { describe, expect, it } from 'vitest';
import { rangeBoundary } from '../http/date-range';
import { checkPeriodSpan, reportPeriod, REPORT_MAX_DAYS } from './report-period';

const span = (startDate: string, stopDate: string) => () =>
  checkPeriodSpan(rangeBoundary(startDate, false), rangeBoundary(stopDate, true));

describe('the period of a report, a verification or an inspector link', () => {
  it(`takes ${REPORT_MAX_DAYS} whole days, both ends included`, () => {
    expect(span('2025-01-01', '2026-01-01')).not.toThrow();
    expect(span('2024-01-01', '2024-12-31')).not.toThrow();
    expect(reportPeriod({ startDate: '2025-12-31', stopDate: '2026-12-31' }).from.toISOString()).toBe('2025-12-31T00:00:00.000Z');
  });

  it('refuses a 367th day (400 INVALID_DATE_RANGE)', () => {
    expect(span('2025-01-01', '2026-01-02')).toThrow(expect.objectContaining({ code: 'INVALID_DATE_RANGE' }));
    expect(span('2024-01-01', '2025-01-01')).toThrow(expect.objectContaining({ code: 'INVALID_DATE_RANGE' }));
    expect(() => reportPeriod({ startDate: '2025-12-30', stopDate: '2026-12-31' })).toThrow(
      expect.objectContaining({ code: 'INVALID_DATE_RANGE' }),
    );
  });

  it('measures instants as they are: 366 × 24 h pass, a millisecond more does not', () => {
    expect(() => checkPeriodSpan(new Date('2025-01-01T00:00:00Z'), new Date('2026-01-02T00:00:00Z'))).not.toThrow();
    expect(() => checkPeriodSpan(new Date('2025-01-01T00:00:00Z'), new Date('2026-01-02T00:00:00.001Z'))).toThrow();
  });
});
