import { randomUUID } from 'node:crypto';
import {
  LINK_CODE_MAX_ATTEMPTS,
  LINK_LOCKOUT_SECONDS,
  LINK_SESSION_IDLE_SECONDS,
  LinkChannel,
  ZLinkEnvelope,
  ZLinkMachineInfo,
  ZLinkReply,
  type TCommandInput,
  type TCommandResult,
  type TLinkEnvelope,
  type TLinkReply,
  type TLinkRequest,
} from '@washboard/contracts';
import { describe, expect, it } from 'vitest';
import type { TDeviceMessage } from './device-message';
import { QUIET_ACTIVITY } from './dishwasher.model';
import { LocalLinkEndpoint } from './local-link-endpoint';
import { VirtualDishwasher } from './virtual-dishwasher';

const START = Date.parse('2025-03-03T07:00:00Z');

function machineAt(clock: () => number): VirtualDishwasher {
  return new VirtualDishwasher({ serial: 'SIM-LINK-1', seed: 3, activity: QUIET_ACTIVITY, clock });
}

/** A machine with its local link, and a phone at the other end of it (frames moved by hand). */
function linked(mtu = 23, make: (clock: () => number) => VirtualDishwasher = machineAt) {
  let now = START;
  const clock = () => now;
  const machine = make(clock);
  const cloud: TDeviceMessage[] = [];
  machine.onMessage((message) => cloud.push(message));
  const endpoint = new LocalLinkEndpoint(machine, { mtu, clock });
  let phone = new LinkChannel({ frameSize: endpoint.frameSize, gapMs: 200 });
  const heard: TLinkEnvelope[] = [];
  const notified: Uint8Array[] = [];
  /** frames of the phone the radio loses (by their position in the next request; −1 the last) */
  let losing: number[] = [];
  endpoint.onNotify((frame) => {
    notified.push(frame);
    const outcome = phone.receive(frame, now);
    heard.push(...outcome.messages.map((text) => ZLinkEnvelope.parse(JSON.parse(text))));
    for (const answer of outcome.frames) endpoint.write(answer);
  });

  function request(message: TLinkRequest | object | string): void {
    const frames = phone.send(typeof message === 'string' ? message : JSON.stringify(message));
    frames.forEach((frame, i) => {
      if (!losing.includes(i) && !losing.includes(i - frames.length)) endpoint.write(frame);
    });
    losing = [];
  }

  function replyTo(id: string | null): TLinkReply | undefined {
    const found = heard.find((m) => m.topic === 'reply' && ZLinkReply.parse(m.payload).id === id);
    return found && ZLinkReply.parse(found.payload);
  }

  /** Asks for a session and types the code the display shows. */
  function openSession(): void {
    request({ topic: 'session/request', payload: { id: randomUUID() } });
    const code = machine.model.linkCode?.code ?? '';
    const id = randomUUID();
    request({ topic: 'session/open', payload: { id, code } });
    expect(replyTo(id)).toEqual({ id, ok: true });
  }

  function command(command: TCommandInput): TCommandResult | undefined {
    request({ topic: 'cmd', payload: command });
    return heard.find((m) => m.topic === 'cmd/result' && (m.payload as TCommandResult).id === command.id)?.payload as
      TCommandResult | undefined;
  }

  return {
    machine,
    endpoint,
    cloud,
    heard,
    notified,
    request,
    replyTo,
    openSession,
    command,
    /** The phone drops the connection and connects again: both ends start their link afresh. */
    reconnect() {
      endpoint.disconnect();
      phone = new LinkChannel({ frameSize: endpoint.frameSize, gapMs: 200 });
    },
    loseFrames(positions: number[]) {
      losing = positions;
    },
    pass(ms: number) {
      now += ms;
      endpoint.tick(now);
      const outcome = phone.poll(now);
      for (const frame of outcome.frames) endpoint.write(frame);
    },
  };
}

/** A code that is not the one on the display. */
function otherThan(code: string | undefined): string {
  return code === '000000' ? '111111' : '000000';
}

describe('the local link of a virtual dishwasher', () => {
  it('advertises WB-<serial> and tells its info before any session', () => {
    const l = linked(247);
    expect(l.endpoint.advertisedName).toBe('WB-SIM-LINK-1');
    const info = ZLinkMachineInfo.parse(JSON.parse(new TextDecoder().decode(l.endpoint.info())));
    expect(info).toMatchObject({ protocol: 1, serialNumber: 'SIM-LINK-1', gamma: 'infinity', frameSize: 244, online: false });
    expect(info.firmware).toBe(l.machine.versions.fw00);
  });

  it('refuses commands and Wi-Fi credentials before a session, and does nothing of them', () => {
    const l = linked();
    const id = randomUUID();
    expect(l.command({ id, name: 'cycle-start', args: { cycleType: 'eco' } })).toBeUndefined();
    expect(l.replyTo(id)).toEqual({ id, ok: false, error: 'NO_SESSION' });
    expect(l.machine.currentCycle).toBeNull();

    const wifi = randomUUID();
    l.request({
      topic: 'wifi-credentials',
      payload: { id: wifi, ssid: 'Cucina', security: 'wpa2-psk', password: 'hunter2hunter2' },
    });
    expect(l.replyTo(wifi)).toEqual({ id: wifi, ok: false, error: 'NO_SESSION' });
    expect(l.machine.wifiNetwork).toBeNull();
    // Nothing the machine said reached the phone without a session either.
    expect(l.heard.every((m) => m.topic === 'reply')).toBe(true);
  });

  it('shows a six-digit code on its display when a session is asked for', () => {
    const l = linked();
    const id = randomUUID();
    l.request({ topic: 'session/request', payload: { id } });
    const code = l.machine.model.linkCode?.code;
    expect(code).toMatch(/^\d{6}$/);
    expect(l.machine.display).toBe(code);
    expect(l.replyTo(id)).toMatchObject({ ok: true, expiresAt: expect.any(String) });
    // The code goes to the display only, never to the cloud or over the link.
    expect(JSON.stringify(l.cloud)).not.toContain(`"${code}"`);
    expect(JSON.stringify(l.heard)).not.toContain(`"${code}"`);
  });

  it('refuses a wrong code, then voids the code and locks after too many', () => {
    const l = linked();
    l.request({ topic: 'session/request', payload: { id: randomUUID() } });
    const wrong = otherThan(l.machine.model.linkCode?.code);
    const replies = Array.from({ length: LINK_CODE_MAX_ATTEMPTS }, () => {
      const id = randomUUID();
      l.request({ topic: 'session/open', payload: { id, code: wrong } });
      return l.replyTo(id);
    });
    expect(replies.slice(0, -1)).toEqual([
      expect.objectContaining({ ok: false, error: 'WRONG_CODE', attemptsLeft: 2 }),
      expect.objectContaining({ ok: false, error: 'WRONG_CODE', attemptsLeft: 1 }),
    ]);
    expect(replies.at(-1)).toMatchObject({
      ok: false,
      error: 'LOCKED',
      retryAt: new Date(START + LINK_LOCKOUT_SECONDS * 1000).toISOString(),
    });
    expect(l.endpoint.sessionOpen).toBe(false);
    expect(l.machine.model.linkCode).toBeNull();
    expect(l.machine.display).toBe('READY');

    // Locked: no new code is shown until the lockout is over.
    const early = randomUUID();
    l.request({ topic: 'session/request', payload: { id: early } });
    expect(l.replyTo(early)).toMatchObject({ error: 'LOCKED' });
    l.pass(LINK_LOCKOUT_SECONDS * 1000);
    l.openSession();
    expect(l.endpoint.sessionOpen).toBe(true);
  });

  it('counts wrong codes across fresh codes and connections', () => {
    const l = linked();
    const replies = Array.from({ length: LINK_CODE_MAX_ATTEMPTS }, () => {
      l.request({ topic: 'session/request', payload: { id: randomUUID() } });
      l.reconnect();
      const id = randomUUID();
      l.request({ topic: 'session/open', payload: { id, code: otherThan(l.machine.model.linkCode?.code) } });
      return l.replyTo(id)?.error;
    });
    expect(replies).toEqual(['WRONG_CODE', 'WRONG_CODE', 'LOCKED']);
  });

  it('refuses a code when none is shown, or once it expired', () => {
    const l = linked();
    const none = randomUUID();
    l.request({ topic: 'session/open', payload: { id: none, code: '123456' } });
    expect(l.replyTo(none)).toMatchObject({ ok: false, error: 'NO_CODE' });
    l.request({ topic: 'session/request', payload: { id: randomUUID() } });
    const code = l.machine.model.linkCode?.code ?? '';
    l.pass(121_000);
    const late = randomUUID();
    l.request({ topic: 'session/open', payload: { id: late, code } });
    expect(l.replyTo(late)).toMatchObject({ ok: false, error: 'NO_CODE' });
  });

  it('opens a session with the right code and takes the code off the display', () => {
    const l = linked();
    l.openSession();
    expect(l.endpoint.sessionOpen).toBe(true);
    expect(l.machine.display).toBe('READY');
    expect(l.heard.find((m) => m.topic === 'session')?.payload).toEqual({ open: true, reason: 'opened' });
  });

  it('obeys a command over the link with the same result as over MQTT', () => {
    const l = linked();
    l.openSession();
    const twin = machineAt(() => START);
    const viaMqtt: TCommandResult[] = [];
    twin.onMessage((m) => {
      if (m.topic === 'cmd/result') viaMqtt.push(m.payload);
    });
    const commands: TCommandInput[] = [
      { id: randomUUID(), name: 'params-set', args: { values: { S12: 99_999, S13: 450 } } },
      { id: randomUUID(), name: 'cycle-start', args: { cycleType: 'eco' } },
      { id: randomUUID(), name: 'cycle-start', args: { cycleType: 'glasses' } },
      { id: randomUUID(), name: 'cycle-start', args: { cycleType: 'turbo' } } as unknown as TCommandInput,
    ];
    const viaLink = commands.map((c) => l.command(c));
    for (const c of commands) twin.receiveCommand(JSON.stringify(c));
    expect(viaLink).toEqual(viaMqtt);
    expect(viaLink.map((r) => r?.error)).toEqual(['VALUE_OUT_OF_RANGE', undefined, 'BUSY', 'INVALID_ARGS']);
    expect(l.machine.currentCycle?.type).toBe('eco');
    // The cloud hears what changed (the cycle's status), not the answers meant for the phone.
    expect(l.cloud.some((m) => m.topic === 'status')).toBe(true);
    expect(l.cloud.some((m) => m.topic === 'cmd/result')).toBe(false);
    // And the phone hears it too.
    expect(l.heard.some((m) => m.topic === 'status')).toBe(true);
  });

  it('refuses service-menu, firmware and factory commands over the link, and does nothing of them', () => {
    const l = linked();
    l.openSession();
    const params = { ...l.machine.params };
    const fw00 = l.machine.versions.fw00;
    const installation = { name: 'Bar', country: 'IT', unitSystem: 'metric', timeZone: 'Europe/Rome', language: 'it' } as const;
    const refused: TCommandInput[] = [
      { id: randomUUID(), name: 'factory-reset', args: {} },
      { id: randomUUID(), name: 'install', args: { ...installation, values: {} } },
      { id: randomUUID(), name: 'alarm-reset', args: {} },
      { id: randomUUID(), name: 'energy-saving', args: { on: true } },
      { id: randomUUID(), name: 'fota-start', args: { version: '9.9.9' } },
      { id: randomUUID(), name: 'restore-presets', args: {} },
      // A factory (HACCP) parameter is refused even beside a cycle parameter.
      { id: randomUUID(), name: 'params-set', args: { values: { S12: 650, S2: 600 } } },
    ];
    for (const c of refused) {
      expect(l.command(c), c.name).toBeUndefined();
      expect(l.replyTo(c.id), c.name).toEqual({ id: c.id, ok: false, error: 'NOT_OVER_LINK' });
    }
    expect(l.machine.params).toEqual(params);
    expect(l.machine.versions.fw00).toBe(fw00);
    expect(l.machine.model.language).toBe('en');
    expect(l.cloud.some((m) => m.topic === 'params' || m.topic === 'fota')).toBe(false);
    // What the front panel lets anyone do still passes: a cycle parameter, a tank replaced.
    const cycleParam = { id: randomUUID(), name: 'params-set', args: { values: { S12: 650 } } } as const;
    expect(l.command(cycleParam)).toEqual({ id: cycleParam.id, ok: true });
    expect(l.machine.params.S12).toBe(650);
    const tank = { id: randomUUID(), name: 'tank-replace', args: { tank: 'detergent' } } as const;
    expect(l.command(tank)).toEqual({ id: tank.id, ok: true });
  });

  it('takes Wi-Fi credentials inside a session, and refuses a passphrase its security cannot have', () => {
    const l = linked();
    l.openSession();
    const short = randomUUID();
    l.request({ topic: 'wifi-credentials', payload: { id: short, ssid: 'Cucina', security: 'wpa2-psk', password: 'short' } });
    expect(l.replyTo(short)).toMatchObject({ ok: false, error: 'INVALID_REQUEST' });
    const id = randomUUID();
    l.request({ topic: 'wifi-credentials', payload: { id, ssid: 'Cucina', security: 'wpa2-psk', password: 'hunter2hunter2' } });
    expect(l.replyTo(id)).toEqual({ id, ok: true });
    expect(l.machine.wifiNetwork).toEqual({ ssid: 'Cucina', security: 'wpa2-psk' });
  });

  it('carries its HACCP records in pages, resuming after the last number received', () => {
    const l = linked();
    l.machine.raiseAlarm('W09');
    l.machine.clearAlarm('W09');
    l.machine.raiseAlarm('OH01');
    l.openSession();
    const first = randomUUID();
    l.request({ topic: 'records-get', payload: { id: first, after: null, limit: 2 } });
    const page = l.replyTo(first);
    expect(page?.records?.map((r) => [r.n, r.topic])).toEqual([
      [0, 'alarm'],
      [1, 'alarm'],
    ]);
    expect(page?.more).toBe(true);
    const rest = randomUUID();
    l.request({ topic: 'records-get', payload: { id: rest, after: 1 } });
    expect(l.replyTo(rest)).toMatchObject({
      ok: true,
      more: false,
      records: [{ n: 2, topic: 'alarm', payload: { errorCode: 'OH01' } }],
    });
    const beyond = randomUUID();
    l.request({ topic: 'records-get', payload: { id: beyond, after: 7 } });
    expect(l.replyTo(beyond)).toMatchObject({ ok: false, error: 'UNKNOWN_RECORD' });
  });

  it('closes a session on request, after idleness, and when the phone goes away', () => {
    const l = linked();
    l.openSession();
    l.request({ topic: 'session/close', payload: { id: randomUUID() } });
    expect(l.endpoint.sessionOpen).toBe(false);
    l.openSession();
    l.pass(LINK_SESSION_IDLE_SECONDS * 1000);
    expect(l.endpoint.sessionOpen).toBe(false);
    expect(l.heard.filter((m) => m.topic === 'session').map((m) => m.payload)).toEqual([
      { open: true, reason: 'opened' },
      { open: false, reason: 'closed' },
      { open: true, reason: 'opened' },
      { open: false, reason: 'idle' },
    ]);
    l.openSession();
    l.reconnect();
    expect(l.endpoint.sessionOpen).toBe(false);
    const id = randomUUID();
    expect(l.command({ id, name: 'cycle-start', args: { cycleType: 'eco' } })).toBeUndefined();
    expect(l.replyTo(id)).toMatchObject({ error: 'NO_SESSION' });
  });

  it('asks the phone again for a frame the radio lost, then obeys', () => {
    const l = linked();
    l.openSession();
    // Lost in the middle: noticed when the last frame comes, asked for at once.
    const stop = randomUUID();
    l.loseFrames([1]);
    expect(l.command({ id: stop, name: 'cycle-stop', args: {} })).toEqual({ id: stop, ok: false, error: 'NOT_RUNNING' });
    // The last frame lost: noticed after a silence.
    const id = randomUUID();
    l.loseFrames([-1]);
    expect(l.command({ id, name: 'cycle-start', args: { cycleType: 'eco' } })).toBeUndefined();
    expect(l.machine.currentCycle).toBeNull();
    l.pass(500);
    expect(l.heard.find((m) => m.topic === 'cmd/result' && (m.payload as TCommandResult).id === id)?.payload).toEqual({
      id,
      ok: true,
    });
    expect(l.machine.currentCycle?.type).toBe('eco');
  });

  it('notifies no frame longer than the MTU allows, and answers what it cannot read', () => {
    const l = linked(23);
    l.request({ topic: 'warp', payload: { id: randomUUID() } });
    l.request({ topic: 'session/open', payload: { code: 'abc' } });
    l.request('{"topic":"session/open",');
    l.request({ topic: 'cmd', payload: null });
    expect(l.heard.map((m) => m.payload)).toEqual([
      { id: expect.any(String), ok: false, error: 'UNKNOWN_TOPIC' },
      { id: null, ok: false, error: 'INVALID_REQUEST' },
      { id: null, ok: false, error: 'NOT_JSON' },
      { id: null, ok: false, error: 'NO_SESSION' },
    ]);
    expect(l.notified.every((frame) => frame.length <= 20)).toBe(true);
  });
});

describe('a spare main board over the local link', () => {
  const spare = (clock: () => number) =>
    new VirtualDishwasher({ spareBoard: { boardSerial: 'MB-SPARE-7' }, seed: 4, activity: QUIET_ACTIVITY, clock });
  const secret = 'a-new-device-secret-0123456789';
  const readInfo = (endpoint: LocalLinkEndpoint) => ZLinkMachineInfo.parse(JSON.parse(new TextDecoder().decode(endpoint.info())));

  it('advertises WB-<boardSerial> and says it is a spare until it is given its machine serial', () => {
    const l = linked(23, spare);
    expect(l.endpoint.advertisedName).toBe('WB-MB-SPARE-7');
    expect(readInfo(l.endpoint)).toMatchObject({ serialNumber: 'MB-SPARE-7', boardSerial: 'MB-SPARE-7', spare: true });
    l.openSession();
    const id = randomUUID();
    l.request({ topic: 'broker-credentials', payload: { id, deviceSecret: secret, serialNumber: 'SN-MACHINE-1' } });
    expect(l.replyTo(id)).toEqual({ id, ok: true });
    expect(l.machine.serial).toBe('SN-MACHINE-1');
    expect(l.machine.spare).toBe(false);
    expect(l.machine.hasBrokerCredentials).toBe(true);
    expect(l.endpoint.advertisedName).toBe('WB-SN-MACHINE-1');
    const info = readInfo(l.endpoint);
    expect(info).toMatchObject({ serialNumber: 'SN-MACHINE-1', boardSerial: 'MB-SPARE-7' });
    expect(info.spare).toBeUndefined();
    // Every board reports its own serial to the cloud in `info`.
    expect(l.machine.model.info().boardSerial).toBe('MB-SPARE-7');
  });

  it('takes its machine serial once: another one is refused with BOARD_TAKEN, its own again is fine', () => {
    const l = linked(23, spare);
    l.openSession();
    const first = randomUUID();
    l.request({ topic: 'broker-credentials', payload: { id: first, deviceSecret: secret, serialNumber: 'SN-MACHINE-1' } });
    expect(l.replyTo(first)?.ok).toBe(true);
    const other = randomUUID();
    l.request({ topic: 'broker-credentials', payload: { id: other, deviceSecret: `${secret}x`, serialNumber: 'SN-MACHINE-2' } });
    expect(l.replyTo(other)).toEqual({ id: other, ok: false, error: 'BOARD_TAKEN' });
    expect(l.machine.serial).toBe('SN-MACHINE-1');
    const again = randomUUID();
    l.request({ topic: 'broker-credentials', payload: { id: again, deviceSecret: secret, serialNumber: 'SN-MACHINE-1' } });
    expect(l.replyTo(again)?.ok).toBe(true);
  });

  it("refuses a serial other than a fitted board's own, and takes none outside a session", () => {
    const fitted = linked();
    fitted.openSession();
    const id = randomUUID();
    fitted.request({ topic: 'broker-credentials', payload: { id, deviceSecret: secret, serialNumber: 'SN-OTHER' } });
    expect(fitted.replyTo(id)).toEqual({ id, ok: false, error: 'BOARD_TAKEN' });
    expect(fitted.machine.serial).toBe('SIM-LINK-1');
    expect(fitted.machine.hasBrokerCredentials).toBe(false);

    const l = linked(23, spare);
    const outside = randomUUID();
    l.request({ topic: 'broker-credentials', payload: { id: outside, deviceSecret: secret, serialNumber: 'SN-MACHINE-1' } });
    expect(l.replyTo(outside)).toEqual({ id: outside, ok: false, error: 'NO_SESSION' });
    expect(l.machine.spare).toBe(true);
  });

  it('does not connect to a broker while it knows no machine serial', async () => {
    const machine = new VirtualDishwasher({ spareBoard: { boardSerial: 'MB-SPARE-8' }, broker: 'mqtt://127.0.0.1:1' });
    await expect(machine.connect()).rejects.toThrow(/spare board/);
    expect(() => new VirtualDishwasher({ seed: 1 })).toThrow(/either a machine/);
  });
});
