import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { alarmRecord, CHAIN_GENESIS, chainHash } from './chain';
import { ChainWalker } from './chain-walker';

const SERIAL = 'WB-WALK-1';

/** A page of `count` alarm openings after `startHash`, as the database builds it, and its last hash. */
function page(count: number, startHash = CHAIN_GENESIS, firstSeq = 1) {
  let hash = startHash;
  const entries = Array.from({ length: count }, (_, i) => {
    const seq = firstSeq + i;
    const time = new Date(Date.UTC(2026, 10, 25, 6, seq)).toISOString();
    const row = { id: randomUUID(), error_code: 'OH01', start_date: time, stop_date: null };
    hash = chainHash(hash, {
      chainedAt: time,
      deviceTime: time,
      kind: 'alarm',
      late: false,
      record: alarmRecord(row),
      seq,
      serialNumber: SERIAL,
    });
    return [seq, 'alarm', row.id, false, time, time, hash, null, [row.id, row.error_code, row.start_date, row.stop_date]];
  });
  return { entries, text: JSON.stringify(entries), hash };
}

const start = { serial: SERIAL, startSeq: 0, startHash: CHAIN_GENESIS, wanted: [], period: null };

describe('the chain walker thread', () => {
  const walker = new ChainWalker();
  afterAll(() => walker.close());

  it('keeps walks apart that run at the same time on its one thread', async () => {
    const first = page(2);
    const second = page(2, first.hash, 3);
    const tampered = page(3);
    (tampered.entries[1]?.[8] as unknown[])[1] = 'XX99'; // the second record's error code changed
    const good = walker.start(start);
    const bad = walker.start(start);
    await Promise.all([good.page(first.text), bad.page(JSON.stringify(tampered.entries)), good.page(second.text)]);
    const [goodOutcome, badOutcome] = await Promise.all([good.finish(), bad.finish()]);
    expect(goodOutcome).toMatchObject({ verified: true, checked: 4, lastSeq: 4, lastHash: second.hash, breaks: [] });
    expect(badOutcome).toMatchObject({ verified: false, checked: 3 });
    expect(badOutcome.breaks).toEqual([
      expect.objectContaining({ seq: 2, problem: 'changed', kind: 'alarm', recordId: tampered.entries[1]?.[2] }),
    ]);
  });

  it('fails a walk whose page it cannot read, and walks the next one', async () => {
    const broken = walker.start(start);
    await expect(broken.page('{not json')).rejects.toThrow(/chain walk/);
    await expect(broken.finish()).rejects.toThrow(/no walk/);
    const next = walker.start(start);
    expect(await next.page(page(2).text)).toBe(2);
    expect(await next.finish()).toMatchObject({ verified: true, checked: 2 });
  });

  it('fails the walks under way when its thread stops, and starts a new thread for the next', async () => {
    const cut = walker.start(start);
    // Twenty pages of 500 entries queued on the thread (a tenth of a second's work at least): the
    // outcome asked for after them cannot be ready when the thread stops.
    const { text } = page(500);
    const walked = Array.from({ length: 20 }, () => cut.page(text).catch((error: unknown) => error));
    const outcome = cut.finish();
    await walker.close();
    await expect(outcome).rejects.toThrow(/stopped/);
    expect(await walked.at(-1)).toBeInstanceOf(Error);
    const next = walker.start(start);
    expect(await next.page(page(1).text)).toBe(1);
    expect(await next.finish()).toMatchObject({ verified: true, checked: 1 });
  });
});
