import { describe, expect, it } from 'vitest';
import { chunkMessage, decodeFrame, encodeFrame, framePayloadBytes, LinkChannel, Reassembler, type TDataFrame } from './framing';
import { frameSizeForMtu, LOCAL_LINK_MAX_MESSAGE_BYTES } from './local-link';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A command as the companion sends it, with text in several scripts so characters straddle frames. */
const ENVELOPE = JSON.stringify({
  topic: 'cmd',
  payload: {
    id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    name: 'install',
    args: { name: 'Café Brûlé – 東京店 🍽️', country: 'FR', unitSystem: 'metric', timeZone: 'Europe/Paris', language: 'fr' },
  },
});

function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

function dataFrames(frames: Uint8Array[]): TDataFrame[] {
  return frames.map((bytes) => {
    const frame = decodeFrame(bytes);
    if (frame?.kind !== 'data') throw new Error('not a data frame');
    return frame;
  });
}

/** Feeds frames to a reassembler; the messages it completed, as text. */
function reassemble(reassembler: Reassembler, frames: TDataFrame[], now = 0): string[] {
  return frames.flatMap((frame) => {
    const { message } = reassembler.receive(frame, now);
    return message ? [decoder.decode(message)] : [];
  });
}

describe('chunking', () => {
  it.each([23, 27, 64, 185, 247, 517])(
    'cuts a message into frames no longer than MTU %i allows and puts it together again',
    (mtu) => {
      const frameSize = frameSizeForMtu(mtu);
      const bytes = encoder.encode(ENVELOPE);
      const frames = chunkMessage(7, bytes, frameSize);
      expect(frames.every((frame) => frame.length <= frameSize)).toBe(true);
      expect(frames).toHaveLength(Math.ceil(bytes.length / framePayloadBytes(frameSize)));
      // Multibyte characters are cut between their bytes at small sizes; only the whole decodes.
      expect(reassemble(new Reassembler(), dataFrames(frames))).toEqual([ENVELOPE]);
    },
  );

  it('numbers the frames of a message and gives each the count', () => {
    const frames = dataFrames(chunkMessage(300, encoder.encode('x'.repeat(40)), 20));
    expect(frames.map((f) => [f.messageId, f.seq, f.count])).toEqual([
      [300, 0, 4],
      [300, 1, 4],
      [300, 2, 4],
      [300, 3, 4],
    ]);
  });

  it('sends an empty message as one empty frame', () => {
    const frames = dataFrames(chunkMessage(1, new Uint8Array(0), 20));
    expect(frames).toHaveLength(1);
    expect(reassemble(new Reassembler(), frames)).toEqual(['']);
  });

  it('refuses a frame size below the default MTU’s and a message above the limit', () => {
    expect(() => chunkMessage(1, encoder.encode('x'), 19)).toThrow(RangeError);
    expect(() => chunkMessage(1, new Uint8Array(LOCAL_LINK_MAX_MESSAGE_BYTES + 1), 244)).toThrow(RangeError);
    expect(frameSizeForMtu(23)).toBe(20);
    expect(frameSizeForMtu(10)).toBe(20);
    expect(frameSizeForMtu(1000)).toBe(512);
  });

  it('reads back nacks and gones, and refuses what is not a frame of this version', () => {
    const nack = encodeFrame({ kind: 'nack', messageId: 9, missing: [1, 4] });
    expect(decodeFrame(nack)).toEqual({ kind: 'nack', messageId: 9, missing: [1, 4] });
    expect(decodeFrame(encodeFrame({ kind: 'gone', messageId: 65535 }))).toEqual({ kind: 'gone', messageId: 65535 });
    const versionTwo = nack.slice();
    versionTwo[0] = 0x22;
    expect(decodeFrame(versionTwo)).toBeNull();
    expect(decodeFrame(new Uint8Array([0x11, 0, 1, 0, 3, 0, 3]))).toBeNull(); // seq 3 of 3
    expect(decodeFrame(new Uint8Array([0x11]))).toBeNull();
    // A nack too long for the frame names only the first missing frames.
    const long = encodeFrame({ kind: 'nack', messageId: 1, missing: Array.from({ length: 100 }, (_, i) => i) }, 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(decodeFrame(long)).toMatchObject({ missing: [0, 1, 2, 3, 4, 5, 6, 7] });
  });
});

describe('reassembly', () => {
  const frames = dataFrames(chunkMessage(42, encoder.encode(ENVELOPE), 20));

  it('puts together frames that arrive out of order', () => {
    const shuffled = [...frames].reverse();
    [shuffled[1], shuffled[5]] = [nth(shuffled, 5), nth(shuffled, 1)];
    // Out of order, the last frame comes first: a request for the rest goes out, harmlessly.
    expect(reassemble(new Reassembler(), shuffled)).toEqual([ENVELOPE]);
  });

  it('ignores duplicated frames, also those of a message already finished', () => {
    const reassembler = new Reassembler();
    const doubled = frames.flatMap((frame) => [frame, frame]);
    expect(reassemble(reassembler, doubled)).toEqual([ENVELOPE]);
    expect(reassembler.receive(nth(frames, 3), 0)).toMatchObject({ message: null, duplicate: true });
    expect(reassembler.unfinished).toBe(0);
  });

  it('asks for a frame lost in the middle as soon as the last one came', () => {
    const reassembler = new Reassembler();
    const withoutThird = frames.filter((frame) => frame.seq !== 2);
    const outcomes = withoutThird.map((frame) => reassembler.receive(frame, 0));
    expect(outcomes.flatMap((o) => o.requests)).toEqual([{ kind: 'nack', messageId: 42, missing: [2] }]);
    expect(reassembler.receive(nth(frames, 2), 10).message).not.toBeNull();
  });

  it('asks for a lost tail after a silence, then gives the message up', () => {
    const reassembler = new Reassembler({ gapMs: 500, maxRequests: 2 });
    const count = frames.length;
    reassemble(reassembler, frames.slice(0, count - 2), 0);
    expect(reassembler.poll(499).requests).toEqual([]);
    expect(reassembler.poll(500).requests).toEqual([{ kind: 'nack', messageId: 42, missing: [count - 2, count - 1] }]);
    expect(reassembler.poll(1000).requests).toHaveLength(1);
    expect(reassembler.poll(1500)).toMatchObject({ requests: [], lost: [42] });
    expect(reassembler.unfinished).toBe(0);
  });

  it('keeps asking while the sender makes progress', () => {
    const reassembler = new Reassembler({ gapMs: 100, maxRequests: 1 });
    reassemble(reassembler, frames.slice(0, 2), 0);
    expect(reassembler.poll(100).requests).toHaveLength(1);
    reassembler.receive(nth(frames, 2), 150);
    expect(reassembler.poll(250)).toMatchObject({ lost: [] });
    expect(reassembler.poll(350)).toMatchObject({ lost: [42] });
  });

  it('gives up a message that grows beyond the longest allowed', () => {
    const reassembler = new Reassembler();
    const payload = new Uint8Array(505);
    let lost: number[] = [];
    for (let seq = 0; seq < 200 && lost.length === 0; seq += 1) {
      lost = reassembler.receive({ kind: 'data', messageId: 5, seq, count: 200, payload }, 0).lost;
    }
    expect(lost).toEqual([5]);
    expect(reassembler.unfinished).toBe(0);
  });
});

describe('a link channel at each end', () => {
  /** Moves frames between two channels; `drop` loses a frame on its way, `double` delivers it twice. */
  function link(frameSize: number) {
    const phone = new LinkChannel({ frameSize, gapMs: 200 });
    const machine = new LinkChannel({ frameSize, gapMs: 200 });
    const received: string[] = [];
    const lost: number[] = [];
    function deliver(to: LinkChannel, from: LinkChannel, frames: Uint8Array[], now: number): void {
      for (const frame of frames) {
        const outcome = to.receive(frame, now);
        if (to === machine) received.push(...outcome.messages);
        if (to === machine) lost.push(...outcome.lost);
        deliver(from, to, outcome.frames, now);
      }
    }
    return { phone, machine, received, lost, deliver };
  }

  it('sends again exactly the frames the other end lost', () => {
    const l = link(20);
    const frames = l.phone.send(ENVELOPE);
    const kept = frames.filter((_, i) => i !== 1 && i !== frames.length - 1);
    l.deliver(l.machine, l.phone, kept, 0);
    expect(l.received).toEqual([]);
    l.deliver(l.phone, l.machine, l.machine.poll(200).frames, 200);
    expect(l.received).toEqual([ENVELOPE]);
  });

  it('takes each message once however often its frames arrive', () => {
    const l = link(64);
    const first = l.phone.send('{"a":"é"}');
    const second = l.phone.send('{"b":"ü"}');
    l.deliver(l.machine, l.phone, [...first, ...first, ...second, ...first], 0);
    expect(l.received).toEqual(['{"a":"é"}', '{"b":"ü"}']);
  });

  it('reports a message lost when the sender no longer holds it', () => {
    const phone = new LinkChannel({ frameSize: 20, keepSent: 1 });
    const machine = new LinkChannel({ frameSize: 20, gapMs: 100 });
    const frames = phone.send(ENVELOPE);
    phone.send('{}'); // the first is forgotten
    for (const frame of frames.slice(0, 3)) machine.receive(frame, 0);
    const nack = nth(machine.poll(100).frames, 0);
    const gone = nth(phone.receive(nack, 100).frames, 0);
    expect(decodeFrame(gone)).toEqual({ kind: 'gone', messageId: 0 });
    expect(machine.receive(gone, 100).lost).toEqual([0]);
  });

  it('answers a nack with each named frame once, only frames the message has, and not without end', () => {
    const machine = new LinkChannel({ frameSize: 244 });
    const frames = machine.send('{"topic":"reply","payload":{"ok":true}}');
    expect(frames).toHaveLength(1);
    // The most sequence numbers one write can name at the largest frame size: all zero, or beyond the message.
    const greedy = encodeFrame({ kind: 'nack', messageId: 0, missing: Array.from({ length: 254 }, (_, i) => (i % 2) * 7) }, 512);
    const resent = machine.receive(greedy, 0).frames;
    expect(resent).toEqual(frames);
    for (let i = 1; i < 8; i += 1) expect(machine.receive(greedy, i).frames).toEqual(frames);
    // Asked once too often: the message is dropped, and every later nack for it is told it is gone.
    for (const now of [8, 9])
      expect(machine.receive(greedy, now).frames.map(decodeFrame)).toEqual([{ kind: 'gone', messageId: 0 }]);
  });
});
