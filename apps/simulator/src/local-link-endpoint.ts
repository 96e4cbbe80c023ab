import {
  allowedOverLink,
  frameSizeForMtu,
  LINK_CODE_MAX_ATTEMPTS,
  LINK_LOCKOUT_SECONDS,
  LINK_OPEN_TOPICS,
  LINK_REQUEST_SCHEMAS,
  LINK_SESSION_IDLE_SECONDS,
  LinkChannel,
  linkRequestTopic,
  localLinkName,
  LOCAL_LINK_MAX_MESSAGE_BYTES,
  LOCAL_LINK_PROTOCOL_VERSION,
  ZLinkEnvelope,
  type TLinkMachineInfo,
  type TLinkMachineTopic,
  type TLinkReply,
  type TLinkRequestTopic,
  type TLinkSession,
} from '@washboard/contracts';
import type { TDeviceMessage } from './device-message';
import type { VirtualDishwasher } from './virtual-dishwasher';

export type TLocalLinkEndpointOptions = {
  /** the ATT MTU negotiated with the phone (default 23, the smallest) */
  mtu?: number;
  /** wall clock in ms (default Date.now); give the machine's own in tests */
  clock?: () => number;
};

type TParsed<K extends TLinkRequestTopic> = ReturnType<(typeof LINK_REQUEST_SCHEMAS)[K]['parse']>;
/** The requests answered by `reply` (a command is answered by the machine's command code). */
type TReplyTopic = Exclude<TLinkRequestTopic, 'cmd'>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Room left in a records page for the envelope around the records. */
const PAGE_MARGIN_BYTES = 1024;

/**
 * The local link of one virtual dishwasher (docs/local-link.md): the GATT service as bytes in and
 * bytes out, with no Bluetooth in it. Whatever carries the link — a test, or the browser test bridge
 * that connects Chromium's emulated GATT characteristics — reads `info()` for the info
 * characteristic, hands each write of the request characteristic to `write()`, and sends every
 * frame `onNotify` gives as a notification. Commands go through the machine's own command code
 * (`VirtualDishwasher.receiveCommand`), the same as over MQTT; only a session opened with the code
 * on the display lets them through, and only those the device registry allows over the link.
 */
export class LocalLinkEndpoint {
  readonly frameSize: number;

  private readonly machine: VirtualDishwasher;
  private readonly clock: () => number;
  private readonly listeners = new Set<(frame: Uint8Array) => void>();
  private channel: LinkChannel;
  private session: { lastRequestAt: number } | null = null;
  private attemptsLeft = LINK_CODE_MAX_ATTEMPTS;
  private lockedUntil = 0;
  private readonly stopForwarding: () => void;

  constructor(machine: VirtualDishwasher, options: TLocalLinkEndpointOptions = {}) {
    this.machine = machine;
    this.clock = options.clock ?? Date.now;
    this.frameSize = frameSizeForMtu(options.mtu ?? 23);
    this.channel = new LinkChannel({ frameSize: this.frameSize });
    // Inside a session the phone hears what the machine tells the cloud (status, alarms, records…).
    this.stopForwarding = machine.onMessage((message: TDeviceMessage) => {
      if (this.session) this.send(message.topic, message.payload);
    });
  }

  /** The name the machine advertises: `WB-<serial>` (a spare board: `WB-<boardSerial>`). */
  get advertisedName(): string {
    return localLinkName(this.machine.serial);
  }

  get sessionOpen(): boolean {
    return this.session !== null;
  }

  /** The info characteristic's value: JSON, readable before any session. */
  info(): Uint8Array {
    const info: TLinkMachineInfo = {
      protocol: LOCAL_LINK_PROTOCOL_VERSION,
      serialNumber: this.machine.serial,
      boardSerial: this.machine.boardSerial,
      ...(this.machine.spare ? { spare: true } : {}),
      gamma: this.machine.gamma,
      frameSize: this.frameSize,
      firmware: this.machine.versions.fw00,
      online: this.machine.connected,
    };
    return new TextEncoder().encode(JSON.stringify(info));
  }

  /** Every frame the machine notifies; returns the unsubscribe function. */
  onNotify(listener: (frame: Uint8Array) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One write of the request characteristic: a frame of the phone's. */
  write(frame: Uint8Array): void {
    const now = this.clock();
    const outcome = this.channel.receive(frame, now);
    this.notify(outcome.frames);
    for (const message of outcome.messages) this.handle(message, now);
  }

  /** Call now and then: asks the phone for lost frames, and closes a session left idle. */
  tick(now: number = this.clock()): void {
    this.notify(this.channel.poll(now).frames);
    if (this.session && now - this.session.lastRequestAt >= LINK_SESSION_IDLE_SECONDS * 1000) this.endSession('idle');
  }

  /** The phone went away (GATT disconnection): the session ends and the next connection starts afresh. */
  disconnect(): void {
    this.session = null;
    this.channel = new LinkChannel({ frameSize: this.frameSize });
  }

  /** The machine stops advertising: nothing more is forwarded. */
  close(): void {
    this.disconnect();
    this.stopForwarding();
  }

  private handle(text: string, now: number): void {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      this.reply(null, { ok: false, error: 'NOT_JSON' });
      return;
    }
    const envelope = ZLinkEnvelope.safeParse(data);
    const payload = envelope.success ? envelope.data.payload : null;
    const fields = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload : null;
    const rawId = fields && 'id' in fields ? fields.id : undefined;
    const id = typeof rawId === 'string' && UUID.test(rawId) ? rawId : null;
    if (!envelope.success) return this.reply(id, { ok: false, error: 'INVALID_REQUEST' });
    const topic = linkRequestTopic(envelope.data.topic);
    if (!topic) return this.reply(id, { ok: false, error: 'UNKNOWN_TOPIC' });
    if (!this.session && !LINK_OPEN_TOPICS.includes(topic)) return this.reply(id, { ok: false, error: 'NO_SESSION' });
    if (this.session) this.session.lastRequestAt = now;
    if (topic === 'cmd') {
      // The display code proves presence, not identity: what the device registry keeps off the link
      // is refused here, before the machine's command code sees it.
      const command = LINK_REQUEST_SCHEMAS.cmd.safeParse(envelope.data.payload);
      if (command.success && !allowedOverLink(command.data)) return this.reply(id, { ok: false, error: 'NOT_OVER_LINK' });
      // The machine's own command code answers, as over MQTT; only the answer's way differs.
      const answered = fields && this.machine.receiveCommand(fields, (result) => this.send('cmd/result', result));
      if (!answered) this.reply(id, { ok: false, error: 'INVALID_REQUEST' });
      return;
    }
    const parsed = LINK_REQUEST_SCHEMAS[topic].safeParse(envelope.data.payload);
    if (!parsed.success) return this.reply(id, { ok: false, error: 'INVALID_REQUEST' });
    const handler = this.handlers[topic] as (payload: unknown, now: number) => Omit<TLinkReply, 'id'>;
    const wasOpen = this.sessionOpen;
    this.reply(id, handler(parsed.data, now));
    if (this.sessionOpen !== wasOpen)
      this.send('session', { open: this.sessionOpen, reason: wasOpen ? 'closed' : 'opened' } satisfies TLinkSession);
  }

  private readonly handlers: { [K in TReplyTopic]: (payload: TParsed<K>, now: number) => Omit<TLinkReply, 'id'> } = {
    'session/request': (_, now) => {
      // Wrong tries count across fresh codes (and connections): asking for a new code after each
      // wrong one must not make the guessing endless.
      const locked = this.locked(now);
      if (locked) return locked;
      return { ok: true, expiresAt: this.machine.model.showLinkCode().expiresAt };
    },
    'session/open': ({ code }, now) => {
      const locked = this.locked(now);
      if (locked) return locked;
      const shown = this.machine.model.linkCode;
      if (!shown) return { ok: false, error: 'NO_CODE' };
      if (code !== shown.code) {
        this.attemptsLeft -= 1;
        if (this.attemptsLeft > 0) return { ok: false, error: 'WRONG_CODE', attemptsLeft: this.attemptsLeft };
        // Too many wrong guesses: the code is void, and no code is shown or taken for a while.
        this.machine.model.clearLinkCode();
        this.lockedUntil = now + LINK_LOCKOUT_SECONDS * 1000;
        this.attemptsLeft = LINK_CODE_MAX_ATTEMPTS;
        return this.locked(now) ?? { ok: false, error: 'LOCKED' };
      }
      this.machine.model.clearLinkCode();
      this.attemptsLeft = LINK_CODE_MAX_ATTEMPTS;
      this.session = { lastRequestAt: now };
      return { ok: true };
    },
    'session/close': () => {
      this.session = null;
      return { ok: true };
    },
    'wifi-credentials': ({ ssid, security, password }) => {
      this.machine.joinWifi({ ssid, security, password });
      return { ok: true };
    },
    'broker-credentials': ({ deviceSecret, serialNumber }) => {
      // A spare board fitted to a machine becomes that machine; a board of another one refuses.
      if (serialNumber !== undefined && !this.machine.takeSerial(serialNumber)) return { ok: false, error: 'BOARD_TAKEN' };
      this.machine.takeBrokerCredentials(deviceSecret);
      return { ok: true };
    },
    'records-get': ({ after, limit }) => {
      const page = this.machine.records.after(after, limit);
      if (!page) return { ok: false, error: 'UNKNOWN_RECORD' };
      // A page of long cycle records (rinse traces) must still fit one message: fewer, and more follow.
      const encoder = new TextEncoder();
      let { records, more } = page;
      while (
        records.length > 1 &&
        encoder.encode(JSON.stringify(records)).length > LOCAL_LINK_MAX_MESSAGE_BYTES - PAGE_MARGIN_BYTES
      ) {
        records = records.slice(0, Math.ceil(records.length / 2));
        more = true;
      }
      return { ok: true, records, more };
    },
  };

  private locked(now: number): Omit<TLinkReply, 'id'> | null {
    if (now >= this.lockedUntil) return null;
    return { ok: false, error: 'LOCKED', retryAt: new Date(this.lockedUntil).toISOString() };
  }

  /** The machine ends the session on its own (idle): the phone is told. */
  private endSession(reason: TLinkSession['reason']): void {
    this.session = null;
    this.send('session', { open: false, reason } satisfies TLinkSession);
  }

  private reply(id: string | null, reply: Omit<TLinkReply, 'id'>): void {
    this.send('reply', { id, ...reply });
  }

  private send(topic: TLinkMachineTopic, payload: unknown): void {
    this.notify(this.channel.send(JSON.stringify({ topic, payload })));
  }

  private notify(frames: Uint8Array[]): void {
    for (const frame of frames) for (const listener of this.listeners) listener(frame);
  }
}
