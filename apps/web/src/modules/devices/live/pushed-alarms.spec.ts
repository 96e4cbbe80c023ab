import { describe, expect, it } from 'vitest';
import type { TAlarmView } from '@washboard/contracts';
import { mergeAlarm, rememberPushedAlarm, withPushedAlarms } from './pushed-alarms';

const row = (id: string, startDate: string, stopDate: string | null = null): TAlarmView => ({
  id,
  errorCode: 'OH01',
  startDate,
  stopDate,
  acknowledgement: null,
  assignment: null,
  chain: null,
});
const acknowledgement = { by: { id: 'u1', name: 'Ada Rossi' }, at: '2026-11-23T10:01:00.000Z', note: 'Chiamato il tecnico' };
const T0 = Date.parse('2026-11-23T10:00:00.000Z');

describe('an alarm register answer and the alarms its machine pushed', () => {
  it('shows closed an alarm whose closing overtook the database write the answer was read before', () => {
    const open = { ...row('a1', '2026-11-23T09:00:00.000Z'), acknowledgement };
    rememberPushedAlarm(
      'SN-A',
      { id: 'a1', errorCode: 'OH01', startDate: open.startDate, stopDate: '2026-11-23T10:00:00.000Z' },
      T0,
    );
    const [shown] = withPushedAlarms('SN-A', [open], T0 + 100);
    expect(shown).toMatchObject({ id: 'a1', stopDate: '2026-11-23T10:00:00.000Z', acknowledgement });
  });

  it('adds an alarm opened after the read, newest first, and leaves other machines alone', () => {
    rememberPushedAlarm('SN-B', { id: 'b2', errorCode: 'W03', startDate: '2026-11-23T10:00:00.000Z', stopDate: null }, T0);
    const older = row('b1', '2026-11-23T08:00:00.000Z', '2026-11-23T08:30:00.000Z');
    expect(withPushedAlarms('SN-B', [older], T0).map((a) => a.id)).toEqual(['b2', 'b1']);
    const untouched = [row('c1', '2026-11-23T08:00:00.000Z')];
    expect(withPushedAlarms('SN-C', untouched, T0)).toBe(untouched);
  });

  it('keeps a reassignment read after a remembered push of the earlier assignment', () => {
    const toAda = { to: { id: 'u1', name: 'Ada Rossi' }, at: '2026-11-23T10:02:00.000Z' };
    const toBruno = { to: { id: 'u2', name: 'Bruno Bianchi' }, at: '2026-11-23T10:05:00.000Z' };
    rememberPushedAlarm(
      'SN-E',
      { id: 'e1', errorCode: 'OH01', startDate: '2026-11-23T09:00:00.000Z', stopDate: null, assignment: toAda },
      T0,
    );
    const answer = [{ ...row('e1', '2026-11-23T09:00:00.000Z'), acknowledgement, assignment: toBruno }];
    expect(withPushedAlarms('SN-E', answer, T0 + 1_000)[0]).toMatchObject({ assignment: toBruno, acknowledgement });
    // And a push newer than what the register holds wins.
    const held = [{ ...row('e2', '2026-11-23T09:00:00.000Z'), assignment: toAda }];
    const push = { id: 'e2', errorCode: 'OH01', startDate: '2026-11-23T09:00:00.000Z', stopDate: null, assignment: toBruno };
    expect(mergeAlarm(held, push)[0]?.assignment).toEqual(toBruno);
  });

  it('keeps an alarm closed when its opening comes after its closing, and forgets pushes after a minute', () => {
    const closed = row('d1', '2026-11-23T09:00:00.000Z', '2026-11-23T09:30:00.000Z');
    expect(mergeAlarm([closed], { id: 'd1', errorCode: 'OH01', startDate: closed.startDate, stopDate: null })[0]?.stopDate).toBe(
      closed.stopDate,
    );
    rememberPushedAlarm('SN-D', { id: 'd2', errorCode: 'OH01', startDate: '2026-11-23T10:00:00.000Z', stopDate: null }, T0);
    expect(withPushedAlarms('SN-D', [], T0 + 61_000)).toEqual([]);
  });
});
