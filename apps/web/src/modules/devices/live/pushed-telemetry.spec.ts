import { describe, expect, it } from 'vitest';
import type { TLastTelemetry } from '@washboard/contracts';
import { rememberPushedTelemetry, withPushedTelemetry } from './pushed-telemetry';

const answer = (serialNumber: string, ts: string, boilerTmp: number): TLastTelemetry => ({
  serialNumber,
  telemetry: { ts, boilerTmp, tankTmp: 600 },
  status: {
    online: true,
    lastSeenAt: ts,
    systemState: 4,
    cycleType: 'eco',
    cycleNumber: 1,
    updating: false,
    unitSystem: 'metric',
    setpoints: null,
  },
  cycleProgress: 0,
});

describe('a lastTelemetry answer and the pushes of its machine', () => {
  it('takes a push that overtook the database write the answer was read before', () => {
    rememberPushedTelemetry('SN-A', {
      ts: '2026-11-23T10:00:05.000Z',
      boilerTmp: 870,
      cycleTimeProgress: 60,
      cycleTimeDuration: 120,
    });
    const shown = withPushedTelemetry(answer('SN-A', '2026-11-23T10:00:00.000Z', 853));
    expect(shown.telemetry).toMatchObject({ ts: '2026-11-23T10:00:05.000Z', boilerTmp: 870, tankTmp: 600 });
    expect(shown.cycleProgress).toBe(50);
  });

  it('keeps an answer newer than every push, and a machine that pushed nothing as it came', () => {
    rememberPushedTelemetry('SN-B', { ts: '2026-11-23T10:00:00.000Z', boilerTmp: 700 });
    const newer = answer('SN-B', '2026-11-23T10:00:09.000Z', 720);
    expect(withPushedTelemetry(newer)).toBe(newer);
    const untouched = answer('SN-C', '2026-11-23T10:00:00.000Z', 650);
    expect(withPushedTelemetry(untouched)).toBe(untouched);
  });

  it('ignores a push older than the newest one kept', () => {
    rememberPushedTelemetry('SN-D', { ts: '2026-11-23T10:00:05.000Z', boilerTmp: 870 });
    rememberPushedTelemetry('SN-D', { ts: '2026-11-23T10:00:01.000Z', boilerTmp: 810 });
    expect(withPushedTelemetry(answer('SN-D', '2026-11-23T10:00:00.000Z', 800)).telemetry?.boilerTmp).toBe(870);
  });
});
