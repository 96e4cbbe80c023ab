import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LINK_CODE_MAX_ATTEMPTS, LinkClient, LinkRequestError, type TLinkEnvelope, type TLinkRecord } from '@washboard/contracts';
import { QUIET_ACTIVITY } from './dishwasher.model';
import { LocalLinkEndpoint } from './local-link-endpoint';
import { startTestBroker, type TTestBroker } from './test-broker';
import { VirtualDishwasher } from './virtual-dishwasher';

/**
 * The phone's end of the local link (`LinkClient`, contracts) against a virtual dishwasher's
 * endpoint, over a radio that loses what a test tells it to: the companion's code path without a
 * browser.
 */
type TRadio = {
  machine: VirtualDishwasher;
  endpoint: LocalLinkEndpoint;
  client: LinkClient;
  heard: TLinkEnvelope[];
  /** frames of the phone the radio loses: the next `n` writes */
  loseWrites(n: number): void;
  /** frames of the machine the radio loses: the next `n` notifications */
  loseNotifications(n: number): void;
};

const machines: VirtualDishwasher[] = [];
const clients: LinkClient[] = [];

function radio(options: { broker?: string; secret?: string; mtu?: number } = {}): TRadio {
  const machine = new VirtualDishwasher({
    serial: `SIM-CLIENT-${machines.length + 1}`,
    seed: 5,
    activity: QUIET_ACTIVITY,
    broker: options.broker,
    secret: options.secret,
    mqtt: { reconnectPeriod: 100 },
  });
  machines.push(machine);
  const endpoint = new LocalLinkEndpoint(machine, { mtu: options.mtu ?? 23 });
  let lostWrites = 0;
  let lostNotifications = 0;
  const client = new LinkClient({
    frameSize: endpoint.frameSize,
    answerMs: 300,
    pollMs: 50,
    write: async (frame) => {
      if (lostWrites > 0) {
        lostWrites -= 1;
        return;
      }
      // A GATT write reaches the machine a moment later, never at once.
      await Promise.resolve();
      endpoint.write(frame);
    },
  });
  clients.push(client);
  const tick = setInterval(() => endpoint.tick(), 50);
  tick.unref();
  endpoint.onNotify((frame) => {
    if (lostNotifications > 0) {
      lostNotifications -= 1;
      return;
    }
    queueMicrotask(() => client.receive(frame));
  });
  const heard: TLinkEnvelope[] = [];
  client.onMessage((envelope) => heard.push(envelope));
  return {
    machine,
    endpoint,
    client,
    heard,
    loseWrites: (n) => (lostWrites = n),
    loseNotifications: (n) => (lostNotifications = n),
  };
}

async function openSession({ client, machine }: TRadio): Promise<void> {
  expect(await client.request('session/request', {})).toMatchObject({ ok: true });
  const code = machine.model.linkCode?.code ?? '';
  expect(await client.request('session/open', { code })).toMatchObject({ ok: true });
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(machines.splice(0).map((machine) => machine.close()));
});

describe('the phone end of the local link', () => {
  it('opens a session with the code on the display, and hears that it opened', async () => {
    const link = radio();
    await openSession(link);
    expect(link.endpoint.sessionOpen).toBe(true);
    expect(link.heard).toContainEqual({ topic: 'session', payload: { open: true, reason: 'opened' } });
  });

  it('is told how many tries a wrong code leaves, and opens nothing', async () => {
    const link = radio();
    await link.client.request('session/request', {});
    const shown = link.machine.model.linkCode?.code ?? '';
    const wrong = shown === '000000' ? '000001' : '000000';
    expect(await link.client.request('session/open', { code: wrong })).toMatchObject({
      ok: false,
      error: 'WRONG_CODE',
      attemptsLeft: LINK_CODE_MAX_ATTEMPTS - 1,
    });
    expect(link.endpoint.sessionOpen).toBe(false);
  });

  it('sends a command and answers its cmd/result, or the reply that refused it', async () => {
    const link = radio();
    expect(await link.client.command({ name: 'expose-claiming-code' })).toMatchObject({ ok: false, error: 'NO_SESSION' });
    await openSession(link);
    expect(await link.client.command({ name: 'expose-claiming-code' })).toMatchObject({ ok: true });
    // The machine showed a claiming code and, inside the session, the phone hears what it tells the cloud.
    await waitFor(() => link.heard.some((m) => m.topic === 'claiming-code'), 'the claiming code');
    expect(await link.client.command({ name: 'factory-reset' })).toMatchObject({ ok: false, error: 'NOT_OVER_LINK' });
  });

  it('asks again, with the same id, for an answer the radio lost, and gets each record once', async () => {
    const link = radio();
    await openSession(link);
    // Three records: an alarm opened, closed, and opened again.
    link.machine.raiseAlarm('OH01');
    link.machine.clearAlarm('OH01');
    link.machine.raiseAlarm('OH01');
    // The request's frames are lost, then the reply's: both are sent again.
    link.loseWrites(1);
    const first = await link.client.request('records-get', { after: null, limit: 50 });
    link.loseNotifications(2);
    const again = await link.client.request('records-get', { after: null, limit: 50 });
    expect(first.records?.map((r: TLinkRecord) => r.n)).toEqual([0, 1, 2]);
    expect(again.records).toEqual(first.records);
  });

  it('fails a request when the link closes or the machine stays silent', async () => {
    const link = radio();
    link.loseWrites(100);
    await expect(link.client.request('session/request', {})).rejects.toEqual(new LinkRequestError('timeout'));
    const pending = link.client.request('session/request', {});
    link.client.close();
    await expect(pending).rejects.toEqual(new LinkRequestError('closed'));
  });
});

describe('commissioning over the local link', () => {
  let broker: TTestBroker;
  beforeAll(async () => {
    broker = await startTestBroker();
  });
  afterAll(async () => {
    await broker.close();
  });

  it('takes Wi-Fi and broker credentials only inside a session, then joins its broker with them', async () => {
    const link = radio({ broker: broker.url });
    const serial = link.machine.serial;
    broker.secrets.set(serial, 'issued-secret-0123456789');
    const outside = await link.client.request('broker-credentials', { deviceSecret: 'issued-secret-0123456789' });
    expect(outside).toMatchObject({ ok: false, error: 'NO_SESSION' });
    expect(link.machine.hasBrokerCredentials).toBe(false);

    await openSession(link);
    expect(
      await link.client.request('wifi-credentials', { ssid: 'Cucina', security: 'wpa2-psk', password: 'pentole-123' }),
    ).toMatchObject({ ok: true });
    expect(link.machine.connected).toBe(false);
    expect(await link.client.request('broker-credentials', { deviceSecret: 'issued-secret-0123456789' })).toMatchObject({
      ok: true,
    });
    await waitFor(() => link.machine.connected, 'the broker connection');
    // The info characteristic says so to the phone, and tells no secret.
    const info = new TextDecoder().decode(link.endpoint.info());
    expect(JSON.parse(info)).toMatchObject({ online: true });
    expect(info).not.toContain('issued-secret');
  });

  it('stays offline with credentials its broker refuses', async () => {
    const link = radio({ broker: broker.url });
    await openSession(link);
    await link.client.request('wifi-credentials', { ssid: 'Cucina', security: 'open' });
    expect(await link.client.request('broker-credentials', { deviceSecret: 'not-the-issued-secret-00' })).toMatchObject({
      ok: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(link.machine.connected).toBe(false);
    expect(JSON.parse(new TextDecoder().decode(link.endpoint.info()))).toMatchObject({ online: false });
  });
});
