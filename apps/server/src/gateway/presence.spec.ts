import type { MqttClient } from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TApplianceListPage, TLiveMessage } from '@washboard/contracts';
import { startTestServer, testBroker, type TTestServer } from '../../test/harness';
import { ADMIN, signIn } from '../../test/accounts';
import { connectDevice, createProduct, eventually, publish, type TProduct } from '../../test/devices';

/** A short device keep-alive, so that "silent for 1.5 × keep-alive" is 3 s. */
const KEEPALIVE = 2;

type TStatus = { online: boolean; lastSeenAt: string | null; systemState: number | null };

// Security audit, issue 11, finding 10: a machine whose connection dropped without a last will was
// shown online forever, and a command to it waited for the timeout (504) instead of failing at once.
describe(`machines whose connection ends without a last will (${testBroker()})`, () => {
  let server: TTestServer;
  let headers: Record<string, string>;
  const open: MqttClient[] = [];
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    server = await startTestServer(
      { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEVICE_KEEPALIVE_SECONDS: String(KEEPALIVE) },
      { broker: testBroker() },
    );
    headers = (await signIn(server, ADMIN.email, ADMIN.password)).headers;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(open.map((c) => c.endAsync(true)));
    await server.close();
  });

  /** The push channel as the admin's browser sees it (opened after the machines were added: it sees them). */
  async function live(): Promise<TLiveMessage[]> {
    const pushed: TLiveMessage[] = [];
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/live`);
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () =>
        socket.send(
          JSON.stringify({
            type: 'auth',
            token: (headers.authorization ?? '').slice(7),
            brand: 'LUMINA',
            subscriptionKey: headers['x-subscription-key'],
          }),
        ),
      );
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as TLiveMessage | { type: 'ready' };
        if (message.type === 'ready') resolve();
        else pushed.push(message as TLiveMessage);
      });
      socket.on('close', (code) => reject(new Error(`closed ${code}`)));
    });
    return pushed;
  }

  /** Connects as the device with no last will; `keepalive` 0 sends no PINGREQ. */
  async function device(product: TProduct, keepalive: number) {
    const client = await connectDevice(server, product, { will: undefined, keepalive });
    open.push(client);
    await publish(client, product.serialNumber, 'status', { online: true, systemState: 2, ts: new Date().toISOString() });
    await eventually(async () => (await status(product.serialNumber)).online);
    return client;
  }
  const status = async (serial: string): Promise<TStatus> =>
    (
      (await (await server.api(`/api/v1/event-hub-listener/event/${serial}/lastTelemetry`, { headers })).json()) as {
        status: TStatus;
      }
    ).status;
  const listed = async (serial: string): Promise<TStatus | undefined> =>
    ((await (await server.api(`/api/v1/appliance/devices?q=${serial}`, { headers })).json()) as TApplianceListPage).items.find(
      (i) => i.serialNumber === serial,
    )?.status;
  const statusPushes = (pushed: TLiveMessage[], serial: string) =>
    pushed.filter((m): m is Extract<TLiveMessage, { type: 'status' }> => m.type === 'status' && m.serialNumber === serial);

  it('shows it offline once the connection ends, pushes the change, and fails a command at once', async () => {
    const product = await createProduct(server, headers);
    const pushed = await live();
    // Pings every second: only the end of the connection (or, on a broker whose pings the server
    // cannot see, its silence) can make it offline.
    const client = await device(product, 1);
    const dropped = Date.now();
    client.stream.destroy();
    await eventually(async () => !(await status(product.serialNumber)).online, 6_000);
    expect(Date.now() - dropped).toBeLessThan(6_000);
    const [row, shown] = [await listed(product.serialNumber), await status(product.serialNumber)];
    expect(row?.online).toBe(false);
    // The last known state stays; the last-seen time is the server's, at or before now.
    expect(shown.systemState).toBe(2);
    expect(Date.parse(shown.lastSeenAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(shown.lastSeenAt ?? '')).toBeGreaterThan(dropped - 10_000);
    await eventually(async () => statusPushes(pushed, product.serialNumber).some((m) => !m.online));

    const started = Date.now();
    const res = await server.api(`/api/v1/event-hub-listener/event/${product.serialNumber}/cycle`, {
      method: 'POST',
      body: 'eco',
      headers: { ...headers, 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe('APPLIANCE_DISCONNECTED');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('shows a connected machine that stays silent past 1.5 × keep-alive offline, and online again once it speaks', async () => {
    const product = await createProduct(server, headers);
    const pushed = await live();
    // No keep-alive, so not even a PINGREQ: the connection stays open, the machine says nothing.
    const client = await device(product, 0);
    const quiet = Date.now();
    await eventually(async () => !(await status(product.serialNumber)).online, 8_000);
    expect(Date.now() - quiet).toBeGreaterThanOrEqual(KEEPALIVE * 1_500 - 1_000);
    // The push leaves after the change is stored: it may reach the socket a moment after the API shows it.
    const offline = await eventually(async () => statusPushes(pushed, product.serialNumber).find((m) => !m.online));
    expect(offline).toBeDefined();
    // "offline since" the last time it was heard.
    expect(Math.abs(Date.parse(offline?.ts ?? '') - quiet)).toBeLessThan(1_500);

    await publish(client, product.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp: 800 });
    await eventually(async () => (await status(product.serialNumber)).online);
    await eventually(async () => statusPushes(pushed, product.serialNumber).at(-1)?.online === true);
  });

  it.runIf(testBroker() === 'embedded')('keeps a machine that only pings online', async () => {
    const product = await createProduct(server, headers);
    await device(product, 1);
    await new Promise((r) => setTimeout(r, KEEPALIVE * 1_500 + 2_000));
    expect((await status(product.serialNumber)).online).toBe(true);
  });
});
