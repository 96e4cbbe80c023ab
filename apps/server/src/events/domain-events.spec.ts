import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { inProcessFanout, redisFanout, type TFanout } from '../live/fanout';
import { eventually } from '../../test/devices';
import { DomainEvents } from './domain-events';

const log = pino({ level: 'silent' });
const opened: TFanout[] = [];
afterEach(async () => {
  for (const fanout of opened.splice(0)) await fanout.close();
});

/** Two instances' domain events, joined through Redis (TEST_REDIS_URL). */
async function twoInstances() {
  const url = process.env.TEST_REDIS_URL ?? '';
  const [fanoutA, fanoutB] = [await redisFanout(url, log), await redisFanout(url, log)];
  opened.push(fanoutA, fanoutB);
  const [a, b] = [new DomainEvents(fanoutA), new DomainEvents(fanoutB)];
  await Promise.all([a.start(), b.start()]);
  return { a, b, fanoutA };
}

describe('domain events', () => {
  it('reach every listener of the instance once, and only listeners of that event', async () => {
    const events = new DomainEvents(inProcessFanout());
    await events.start();
    const heard: string[] = [];
    events.on('stateChanged', ({ serials }) => heard.push(`state ${serials?.join(',')}`));
    const stop = events.on('accessChanged', () => heard.push('access'));
    events.emit('stateChanged', { serials: ['SN-1', 'SN-2'] });
    events.emit('accessChanged', {});
    stop();
    events.emit('accessChanged', {});
    expect(heard).toEqual(['state SN-1,SN-2', 'access']);
  });

  it.runIf(process.env.TEST_REDIS_URL)('reach the other instances through Redis, and the emitting one once', async () => {
    const { a, b } = await twoInstances();
    const onA: string[][] = [];
    const onB: string[][] = [];
    a.on('stateChanged', ({ serials }) => onA.push(serials ?? []));
    b.on('stateChanged', ({ serials }) => onB.push(serials ?? []));
    a.emit('stateChanged', { serials: ['SN-A'] });
    b.emit('stateChanged', { serials: ['SN-B'] });
    await eventually(async () => onA.length === 2 && onB.length === 2, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onA.sort()).toEqual([['SN-A'], ['SN-B']]);
    expect(onB.sort()).toEqual([['SN-A'], ['SN-B']]);
  });

  it.runIf(process.env.TEST_REDIS_URL)('passes over a malformed message from Redis, and hears the next', async () => {
    // Anyone who may publish to Redis could once end every instance: the parse threw in its listener.
    const { a, b, fanoutA } = await twoInstances();
    const onB: string[][] = [];
    b.on('stateChanged', ({ serials }) => onB.push(serials ?? []));
    for (const junk of ['not json', 'null', '{"origin":1}']) fanoutA.publish('washboard:events', junk);
    a.emit('stateChanged', { serials: ['SN-A'] });
    await eventually(async () => onB.length === 1, 5_000);
    expect(onB).toEqual([['SN-A']]);
  });
});
