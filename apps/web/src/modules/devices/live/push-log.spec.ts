import { describe, expect, it } from 'vitest';
import type { TLiveMessage } from '@washboard/contracts';
import { pushLog, readThenReplay } from './push-log';

const status = (serialNumber: string, online: boolean): TLiveMessage => ({
  type: 'status',
  serialNumber,
  online,
  systemState: null,
  cycleType: null,
  cycleNumber: null,
  ts: '2026-12-02T10:00:00.000Z',
});

/** A read that answers when told to, and the pushes applied to its answer, in order. */
function pendingRead() {
  let answer!: (value: string[]) => void;
  const read = new Promise<string[]>((resolve) => (answer = resolve));
  const replayed = readThenReplay(
    () => read,
    (held, message) => [...held, message.type === 'status' ? `${message.serialNumber}:${message.online}` : message.type],
  );
  return { answer, replayed };
}

describe('a read and the pushes that came while it was in flight', () => {
  it('gets those pushes laid over its answer, in the order they came, and not the earlier ones', async () => {
    pushLog.add(status('SN-1', false));
    const { answer, replayed } = pendingRead();
    pushLog.add(status('SN-1', true));
    pushLog.add(status('SN-2', false));
    answer(['read']);
    expect(await replayed).toEqual(['read', 'SN-1:true', 'SN-2:false']);
  });

  it('answers as read when nothing came meanwhile', async () => {
    pushLog.add(status('SN-3', true));
    const { answer, replayed } = pendingRead();
    answer(['read']);
    expect(await replayed).toEqual(['read']);
  });

  it('reads again when the channel became ready while the read was on its way', async () => {
    let reads = 0;
    const replayed = readThenReplay(
      async () => {
        reads += 1;
        if (reads === 1) pushLog.ready();
        return [`read ${reads}`];
      },
      (held) => held,
    );
    expect(await replayed).toEqual(['read 2']);
  });

  it('keeps only what a read replays', () => {
    const mark = pushLog.mark();
    pushLog.add({ type: 'appliances' });
    pushLog.add({ type: 'telemetry', serialNumber: 'SN-5', telemetry: { ts: '2026-12-02T10:00:00.000Z' } });
    pushLog.add(status('SN-5', true));
    expect(pushLog.since(mark)).toEqual([status('SN-5', true)]);
  });

  it('forgets pushes older than a minute', () => {
    const mark = pushLog.mark();
    const later = Date.now() + 10_000;
    pushLog.add(status('SN-4', true), later);
    pushLog.add(status('SN-4', false), later + 61_000);
    expect(pushLog.since(mark)).toEqual([status('SN-4', false)]);
  });
});
