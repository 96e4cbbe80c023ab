import type { TCommandInput } from '../device/commands.schema';
import { ZCommandResult, type TCommandResult } from '../device/protocol.schema';
import { LinkChannel } from './framing';
import type { TLinkRequestTopic } from './local-link';
import {
  ZLinkEnvelope,
  ZLinkReply,
  ZLinkSession,
  type TLinkEnvelope,
  type TLinkReply,
  type TLinkRequest,
} from './local-link.schema';

/** The requests answered by `reply` (a command is answered by `cmd/result`). */
export type TLinkReplyTopic = Exclude<TLinkRequestTopic, 'cmd'>;

/** A request's payload without its id: the client gives each request its own. */
export type TLinkRequestBody<K extends TLinkReplyTopic> = Omit<Extract<TLinkRequest, { topic: K }>['payload'], 'id'>;

/** A command the link carries, without its id: the client gives it one. */
export type TLinkCommand = TCommandInput extends infer C ? (C extends TCommandInput ? Omit<C, 'id'> : never) : never;

export type TLinkClientOptions = {
  /** the frame size the machine announced in its info */
  frameSize: number;
  /** writes one frame to the request characteristic; resolves once the radio took it */
  write: (frame: Uint8Array) => Promise<void>;
  /** wall clock in ms (default Date.now) */
  clock?: () => number;
  /** ms to wait for an answer before the request is sent again (default 4000) */
  answerMs?: number;
  /** times a request is sent again before it fails (default 2) */
  resends?: number;
  /** ms between two polls of the channel (default 200; 0: the caller calls `poll()`) */
  pollMs?: number;
};

/** Why a request got no answer: the link closed, or the machine stayed silent. */
export class LinkRequestError extends Error {
  constructor(readonly reason: 'closed' | 'timeout') {
    super(reason === 'closed' ? 'the local link closed' : 'the machine did not answer over the local link');
    this.name = 'LinkRequestError';
  }
}

type TWaiting = {
  resolve(answer: TLinkReply | TCommandResult): void;
  reject(error: Error): void;
  /** the request as written, to send again with the same id */
  text: string;
  sentAt: number;
  resends: number;
};

/**
 * The phone's end of the local link (docs/local-link.md), above the framing: gives every request an
 * id, waits for the `reply` (or, for a command, the `cmd/result`) that repeats it, asks again with
 * the same id when no answer came (the machine obeys a command once per id; records are fetched by
 * number), and hands every other message of the machine — status, claiming code, session changes… —
 * to its listeners. Bytes in and out only: the caller moves the frames (Web Bluetooth in the
 * companion, a test's loop against the simulator).
 */
export class LinkClient {
  private readonly channel: LinkChannel;
  private readonly options: Required<Omit<TLinkClientOptions, 'frameSize' | 'write'>> & Pick<TLinkClientOptions, 'write'>;
  private readonly waiting = new Map<string, TWaiting>();
  private readonly listeners = new Set<(envelope: TLinkEnvelope) => void>();
  /** Frames are written one at a time: a GATT characteristic takes one operation at once. */
  private writing: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(options: TLinkClientOptions) {
    this.channel = new LinkChannel({ frameSize: options.frameSize });
    this.options = {
      write: options.write,
      clock: options.clock ?? Date.now,
      answerMs: options.answerMs ?? 4000,
      resends: options.resends ?? 2,
      pollMs: options.pollMs ?? 200,
    };
    if (this.options.pollMs > 0) this.timer = setInterval(() => this.poll(), this.options.pollMs);
  }

  /** One notification of the machine: a frame. */
  receive(frame: Uint8Array): void {
    if (this.closed) return;
    const outcome = this.channel.receive(frame, this.options.clock());
    this.send(outcome.frames);
    for (const text of outcome.messages) this.handle(text);
  }

  /** Asks the machine again for lost frames, and sends again the requests left unanswered. */
  poll(): void {
    if (this.closed) return;
    const now = this.options.clock();
    this.send(this.channel.poll(now).frames);
    for (const [id, waiting] of this.waiting) {
      if (now - waiting.sentAt < this.options.answerMs) continue;
      if (waiting.resends >= this.options.resends) {
        this.waiting.delete(id);
        waiting.reject(new LinkRequestError('timeout'));
        continue;
      }
      waiting.resends += 1;
      waiting.sentAt = now;
      this.send(this.channel.send(waiting.text));
    }
  }

  /** Sends a request and answers the machine's `reply` to it (ok or not). */
  request<K extends TLinkReplyTopic>(topic: K, body: TLinkRequestBody<K>): Promise<TLinkReply> {
    return this.ask(topic, body) as Promise<TLinkReply>;
  }

  /**
   * Sends a command the link carries; answers its `cmd/result`, or the `reply` of a command refused
   * before the machine's command code saw it (NO_SESSION, NOT_OVER_LINK).
   */
  command(command: TLinkCommand): Promise<TCommandResult | TLinkReply> {
    return this.ask('cmd', command);
  }

  /** Every message of the machine that answers no request (status, alarms, claiming code, session…). */
  onMessage(listener: (envelope: TLinkEnvelope) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The link is gone: unanswered requests fail, nothing more is sent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    for (const waiting of this.waiting.values()) waiting.reject(new LinkRequestError('closed'));
    this.waiting.clear();
  }

  private ask(topic: TLinkRequestTopic, body: object): Promise<TLinkReply | TCommandResult> {
    if (this.closed) return Promise.reject(new LinkRequestError('closed'));
    const id = crypto.randomUUID();
    const text = JSON.stringify({ topic, payload: { ...body, id } });
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, text, sentAt: this.options.clock(), resends: 0 });
      this.send(this.channel.send(text));
    });
  }

  private handle(text: string): void {
    let envelope: TLinkEnvelope;
    try {
      const parsed = ZLinkEnvelope.safeParse(JSON.parse(text));
      if (!parsed.success) return;
      envelope = parsed.data;
    } catch {
      return;
    }
    const answer =
      envelope.topic === 'reply'
        ? ZLinkReply.safeParse(envelope.payload)
        : envelope.topic === 'cmd/result'
          ? ZCommandResult.safeParse(envelope.payload)
          : undefined;
    const id = answer?.success ? answer.data.id : null;
    const waiting = id === null ? undefined : this.waiting.get(id);
    if (answer?.success && id !== null && waiting) {
      this.waiting.delete(id);
      waiting.resolve(answer.data);
      return;
    }
    if (envelope.topic === 'session' && !ZLinkSession.safeParse(envelope.payload).success) return;
    for (const listener of this.listeners) listener(envelope);
  }

  private send(frames: Uint8Array[]): void {
    if (frames.length === 0 || this.closed) return;
    this.writing = this.writing.then(async () => {
      for (const frame of frames) {
        if (this.closed) return;
        // A write lost to the radio is noticed by the machine (a gap, or silence) and asked for again.
        await this.options.write(frame).catch(() => undefined);
      }
    });
  }
}
