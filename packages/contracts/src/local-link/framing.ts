import {
  LOCAL_LINK_MAX_FRAME_SIZE,
  LOCAL_LINK_MAX_MESSAGE_BYTES,
  LOCAL_LINK_MIN_FRAME_SIZE,
  LOCAL_LINK_PROTOCOL_VERSION,
} from './local-link';

/**
 * Framing of the local link (docs/local-link.md, "Frames"): a message (the UTF-8 bytes of one
 * JSON envelope) is cut into frames no longer than the link's frame size, each with a small binary
 * header, and put together again at the other end. Both ends run the same code: the machine
 * (simulator, firmware) and the companion in the browser — so only Uint8Array, DataView,
 * TextEncoder and TextDecoder here, nothing of Node's.
 *
 * byte 0: version (high nibble) | kind (low nibble: 1 data, 2 nack, 3 gone); bytes 1–2: message id
 * (uint16, big-endian). data: bytes 3–4 sequence (0-based), bytes 5–6 count, then the payload.
 * nack: the missing sequence numbers (uint16 each). gone: nothing more.
 */
export type TDataFrame = { kind: 'data'; messageId: number; seq: number; count: number; payload: Uint8Array };
/** The receiver asks for the frames of a message it is missing. */
export type TNackFrame = { kind: 'nack'; messageId: number; missing: number[] };
/** The sender no longer holds the message asked for: the receiver gives it up. */
export type TGoneFrame = { kind: 'gone'; messageId: number };
export type TLinkFrame = TDataFrame | TNackFrame | TGoneFrame;

const KIND_CODES = { data: 1, nack: 2, gone: 3 } as const;
export const DATA_HEADER_BYTES = 7;
const CONTROL_HEADER_BYTES = 3;

/** Payload bytes in one data frame of `frameSize`. */
export function framePayloadBytes(frameSize: number): number {
  return checkedFrameSize(frameSize) - DATA_HEADER_BYTES;
}

function checkedFrameSize(frameSize: number): number {
  if (!Number.isInteger(frameSize) || frameSize < LOCAL_LINK_MIN_FRAME_SIZE || frameSize > LOCAL_LINK_MAX_FRAME_SIZE) {
    throw new RangeError(`frame size ${frameSize} is outside ${LOCAL_LINK_MIN_FRAME_SIZE}…${LOCAL_LINK_MAX_FRAME_SIZE}`);
  }
  return frameSize;
}

function header(kind: TLinkFrame['kind'], messageId: number, length: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  view.setUint8(0, (LOCAL_LINK_PROTOCOL_VERSION << 4) | KIND_CODES[kind]);
  view.setUint16(1, messageId & 0xffff);
  return { bytes, view };
}

/** The bytes of one frame. A nack longer than `frameSize` allows names only the first missing frames. */
export function encodeFrame(frame: TLinkFrame, frameSize: number = LOCAL_LINK_MAX_FRAME_SIZE): Uint8Array {
  if (frame.kind === 'data') {
    const { bytes, view } = header('data', frame.messageId, DATA_HEADER_BYTES + frame.payload.length);
    view.setUint16(3, frame.seq);
    view.setUint16(5, frame.count);
    bytes.set(frame.payload, DATA_HEADER_BYTES);
    return bytes;
  }
  if (frame.kind === 'gone') return header('gone', frame.messageId, CONTROL_HEADER_BYTES).bytes;
  const missing = frame.missing.slice(0, Math.floor((checkedFrameSize(frameSize) - CONTROL_HEADER_BYTES) / 2));
  const { bytes, view } = header('nack', frame.messageId, CONTROL_HEADER_BYTES + missing.length * 2);
  missing.forEach((seq, i) => view.setUint16(CONTROL_HEADER_BYTES + i * 2, seq));
  return bytes;
}

/** Reads one frame; null for anything that is not a well-formed frame of this protocol version. */
export function decodeFrame(bytes: Uint8Array): TLinkFrame | null {
  if (bytes.length < CONTROL_HEADER_BYTES || bytes.length > LOCAL_LINK_MAX_FRAME_SIZE) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const first = view.getUint8(0);
  if (first >> 4 !== LOCAL_LINK_PROTOCOL_VERSION) return null;
  const messageId = view.getUint16(1);
  switch (first & 0x0f) {
    case KIND_CODES.data: {
      if (bytes.length < DATA_HEADER_BYTES) return null;
      const seq = view.getUint16(3);
      const count = view.getUint16(5);
      if (count === 0 || seq >= count) return null;
      return { kind: 'data', messageId, seq, count, payload: bytes.slice(DATA_HEADER_BYTES) };
    }
    case KIND_CODES.nack: {
      const body = bytes.length - CONTROL_HEADER_BYTES;
      if (body === 0 || body % 2 !== 0) return null;
      const missing = Array.from({ length: body / 2 }, (_, i) => view.getUint16(CONTROL_HEADER_BYTES + i * 2));
      return { kind: 'nack', messageId, missing };
    }
    case KIND_CODES.gone:
      return bytes.length === CONTROL_HEADER_BYTES ? { kind: 'gone', messageId } : null;
    default:
      return null;
  }
}

/** Cuts a message into data frames of at most `frameSize` bytes (an empty message is one empty frame). */
export function chunkMessage(messageId: number, message: Uint8Array, frameSize: number): Uint8Array[] {
  if (message.length > LOCAL_LINK_MAX_MESSAGE_BYTES) {
    throw new RangeError(`a message of ${message.length} bytes is longer than ${LOCAL_LINK_MAX_MESSAGE_BYTES}`);
  }
  const size = framePayloadBytes(frameSize);
  const count = Math.max(1, Math.ceil(message.length / size));
  return Array.from({ length: count }, (_, seq) =>
    encodeFrame({ kind: 'data', messageId, seq, count, payload: message.subarray(seq * size, (seq + 1) * size) }),
  );
}

export type TReassemblerOptions = {
  /** ms without a new frame of an unfinished message before its missing frames are asked for (default 500) */
  gapMs?: number;
  /** requests without any new frame after which a message is given up as lost (default 3) */
  maxRequests?: number;
  /** unfinished messages held at once; beyond it the oldest is given up (default 8) */
  maxPending?: number;
  /** ids of finished messages remembered, so that their late duplicates are not taken twice (default 64) */
  rememberFinished?: number;
};

/** What one received frame (or a poll) gave. */
export type TReassembly = {
  /** a message now complete */
  message: Uint8Array | null;
  /** the frame was already held, or belongs to a message already finished: ignored */
  duplicate: boolean;
  /** frames to ask the sender for again */
  requests: TNackFrame[];
  /** ids of messages given up: frames lost for good */
  lost: number[];
};

type TPending = {
  count: number;
  parts: (Uint8Array | undefined)[];
  received: number;
  bytes: number;
  lastAt: number;
  requests: number;
};

/** The most frames a message of the longest length takes at the smallest frame size. */
const MAX_FRAMES = Math.ceil(LOCAL_LINK_MAX_MESSAGE_BYTES / (LOCAL_LINK_MIN_FRAME_SIZE - DATA_HEADER_BYTES));

function missingOf(pending: TPending): number[] {
  const missing: number[] = [];
  for (let seq = 0; seq < pending.count; seq += 1) if (pending.parts[seq] === undefined) missing.push(seq);
  return missing;
}

/**
 * Puts messages together from their data frames, in whatever order they come. Duplicated frames
 * are ignored; a missing frame is noticed when the last frame of its message came without it (a
 * gap: BLE keeps order, so it was lost) or when the message stalls for `gapMs` (its tail was
 * lost) — the reassembler then asks for exactly what is missing, and gives the message up after
 * `maxRequests` requests brought nothing. Time is passed in, so tests need no timers.
 */
export class Reassembler {
  private readonly pending = new Map<number, TPending>();
  private readonly finished: number[] = [];
  private readonly gapMs: number;
  private readonly maxRequests: number;
  private readonly maxPending: number;
  private readonly rememberFinished: number;

  constructor(options: TReassemblerOptions = {}) {
    this.gapMs = options.gapMs ?? 500;
    this.maxRequests = options.maxRequests ?? 3;
    this.maxPending = options.maxPending ?? 8;
    this.rememberFinished = options.rememberFinished ?? 64;
  }

  /** Messages being put together. */
  get unfinished(): number {
    return this.pending.size;
  }

  receive(frame: TDataFrame, now: number): TReassembly {
    const outcome: TReassembly = { message: null, duplicate: false, requests: [], lost: [] };
    if (this.finished.includes(frame.messageId)) return { ...outcome, duplicate: true };
    let pending = this.pending.get(frame.messageId);
    if (pending && pending.count !== frame.count) {
      // The id came round again for another message: what was held of the old one is lost.
      this.pending.delete(frame.messageId);
      outcome.lost.push(frame.messageId);
      pending = undefined;
    }
    if (!pending) {
      if (frame.count > MAX_FRAMES) return outcome;
      pending = { count: frame.count, parts: [], received: 0, bytes: 0, lastAt: now, requests: 0 };
      this.pending.set(frame.messageId, pending);
      this.dropOldestBeyondLimit(outcome);
    }
    if (pending.parts[frame.seq] !== undefined) return { ...outcome, duplicate: true };
    pending.bytes += frame.payload.length;
    if (pending.bytes > LOCAL_LINK_MAX_MESSAGE_BYTES) {
      // Longer than any message may be: not worth holding, nor asking for again.
      this.pending.delete(frame.messageId);
      return { ...outcome, lost: [...outcome.lost, frame.messageId] };
    }
    pending.parts[frame.seq] = frame.payload;
    pending.received += 1;
    pending.lastAt = now;
    pending.requests = 0;
    if (pending.received === pending.count) {
      this.pending.delete(frame.messageId);
      this.remember(frame.messageId);
      return { ...outcome, message: concat(pending.parts) };
    }
    if (frame.seq === frame.count - 1) {
      // The last frame came before some others: with BLE's ordered delivery those are lost.
      pending.requests += 1;
      outcome.requests.push({ kind: 'nack', messageId: frame.messageId, missing: missingOf(pending) });
    }
    return outcome;
  }

  /** Asks again for stalled messages and gives up those that stay stalled. */
  poll(now: number): TReassembly {
    const outcome: TReassembly = { message: null, duplicate: false, requests: [], lost: [] };
    for (const [messageId, pending] of this.pending) {
      if (now - pending.lastAt < this.gapMs) continue;
      if (pending.requests >= this.maxRequests) {
        this.pending.delete(messageId);
        outcome.lost.push(messageId);
        continue;
      }
      pending.requests += 1;
      pending.lastAt = now;
      outcome.requests.push({ kind: 'nack', messageId, missing: missingOf(pending) });
    }
    return outcome;
  }

  /** The sender cannot send the message again: it is lost (true when it was being put together). */
  giveUp(messageId: number): boolean {
    return this.pending.delete(messageId);
  }

  private dropOldestBeyondLimit(outcome: TReassembly): void {
    while (this.pending.size > this.maxPending) {
      const oldest = this.pending.keys().next();
      if (oldest.done) return;
      this.pending.delete(oldest.value);
      outcome.lost.push(oldest.value);
    }
  }

  private remember(messageId: number): void {
    this.finished.push(messageId);
    if (this.finished.length > this.rememberFinished) this.finished.shift();
  }
}

function concat(parts: (Uint8Array | undefined)[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + (part?.length ?? 0), 0);
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    if (!part) continue;
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

export type TLinkChannelOptions = TReassemblerOptions & {
  /** the link's frame size: ATT MTU − 3 (`frameSizeForMtu`) */
  frameSize: number;
  /** sent messages kept to answer nacks (default 16) */
  keepSent?: number;
  /** nacks answered for one sent message before it is given up and answered with gone (default 8) */
  maxResends?: number;
};

/** What a received frame (or a poll) gave one end of the link. */
export type TChannelOutcome = {
  /** complete messages (JSON text) */
  messages: string[];
  /** frames to send back: requests for missing frames, frames sent again, or "gone" */
  frames: Uint8Array[];
  /** ids of messages lost for good */
  lost: number[];
};

/**
 * One end of the local link: numbers and frames what it sends, keeps the last messages to send
 * their frames again when the other end asks, and puts together what it receives. Byte in, bytes
 * out: the caller moves the frames (GATT writes and notifications, or a test's loop).
 */
export class LinkChannel {
  readonly frameSize: number;
  private readonly reassembler: Reassembler;
  private readonly keepSent: number;
  private readonly maxResends: number;
  private readonly sent = new Map<number, { frames: Uint8Array[]; resends: number }>();
  private nextId = 0;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder('utf-8');

  constructor(options: TLinkChannelOptions) {
    this.frameSize = checkedFrameSize(options.frameSize);
    this.reassembler = new Reassembler(options);
    this.keepSent = options.keepSent ?? 16;
    this.maxResends = options.maxResends ?? 8;
  }

  /** The frames of one message (JSON text), in order. */
  send(message: string): Uint8Array[] {
    const messageId = this.nextId;
    this.nextId = (this.nextId + 1) & 0xffff;
    const frames = chunkMessage(messageId, this.encoder.encode(message), this.frameSize);
    this.sent.delete(messageId);
    this.sent.set(messageId, { frames, resends: 0 });
    while (this.sent.size > this.keepSent) {
      const oldest = this.sent.keys().next();
      if (oldest.done) break;
      this.sent.delete(oldest.value);
    }
    return frames;
  }

  /** One frame from the other end; frames that are not of this protocol are ignored. */
  receive(bytes: Uint8Array, now: number): TChannelOutcome {
    const outcome: TChannelOutcome = { messages: [], frames: [], lost: [] };
    const frame = decodeFrame(bytes);
    if (!frame) return outcome;
    if (frame.kind === 'nack') {
      outcome.frames.push(...this.resent(frame));
      return outcome;
    }
    if (frame.kind === 'gone') {
      if (this.reassembler.giveUp(frame.messageId)) outcome.lost.push(frame.messageId);
      return outcome;
    }
    return this.gathered(this.reassembler.receive(frame, now), outcome);
  }

  /** Call now and then (every 100–250 ms): asks again for stalled messages, gives up lost ones. */
  poll(now: number): TChannelOutcome {
    return this.gathered(this.reassembler.poll(now), { messages: [], frames: [], lost: [] });
  }

  /**
   * The frames a nack names, each once and only those the message has; a message asked for more
   * than `maxResends` times is dropped and answered with gone. The other end is not authenticated:
   * one small write must not buy a burst of frames, nor a message be asked for without end.
   */
  private resent(nack: TNackFrame): Uint8Array[] {
    const sent = this.sent.get(nack.messageId);
    if (sent && sent.resends >= this.maxResends) this.sent.delete(nack.messageId);
    if (!sent || sent.resends >= this.maxResends) return [encodeFrame({ kind: 'gone', messageId: nack.messageId })];
    sent.resends += 1;
    const named = new Set(nack.missing.filter((seq) => seq < sent.frames.length));
    return [...named].flatMap((seq) => sent.frames[seq] ?? []);
  }

  private gathered(reassembly: TReassembly, outcome: TChannelOutcome): TChannelOutcome {
    if (reassembly.message) outcome.messages.push(this.decoder.decode(reassembly.message));
    for (const request of reassembly.requests) outcome.frames.push(encodeFrame(request, this.frameSize));
    outcome.lost.push(...reassembly.lost);
    return outcome;
  }
}
