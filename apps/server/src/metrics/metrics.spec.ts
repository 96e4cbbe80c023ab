import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../../test/harness';
import { ADMIN, signIn } from '../../test/accounts';
import { connectDevice, createProduct, cycleRecord, eventually, publish } from '../../test/devices';
import { openLive } from '../../test/live';
import { startMailCatcher, type TMailCatcher } from '../../test/mail-catcher';
import { freePort } from '../../test/ports';

const TOKEN = 'scraper-token-0123456789';

/** The value of one sample of the Prometheus text, e.g. `name{label="x"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics (Prometheus)', () => {
  let server: TTestServer;
  let mail: TMailCatcher;
  let metricsPort: number;
  const open: MqttClient[] = [];

  beforeAll(async () => {
    mail = await startMailCatcher();
    metricsPort = await freePort();
    server = await startTestServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: mail.url,
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
    });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.endAsync(true)));
    await server.close();
    await mail.close();
  });

  const scrape = async () => {
    const res = await server.api('/metrics', { brand: null, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  it('answers only a scraper with the token on the public port', async () => {
    expect((await server.api('/metrics', { brand: null })).status).toBe(401);
    const wrong = await server.api('/metrics', { brand: null, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
  });

  it('counts what an operator needs to see: ingestion, refusals, batches, sockets, commands, mail, event loop', async () => {
    const { headers } = await signIn(server, ADMIN.email, ADMIN.password);
    const product = await createProduct(server, headers);
    const device = await connectDevice(server, product);
    open.push(device);
    await publish(device, product.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp: 700 }, 1);
    await publish(device, product.serialNumber, 'alarm', { id: 'no-code' });
    // A HACCP record, then another under its id: kept aside, and counted as such.
    const record = cycleRecord('2026-11-10', 1);
    await publish(device, product.serialNumber, 'event', record);
    await publish(device, product.serialNumber, 'event', { ...record, completed: false });
    const live = await openLive(server, headers);
    const offline = await createProduct(server, headers);
    const command = await server.api(`/api/v1/event-hub-listener/event/${offline.serialNumber}/cycle`, {
      method: 'POST',
      body: 'eco',
      headers: { ...headers, 'content-type': 'text/plain' },
    });
    expect(command.status).toBe(409);
    expect((await server.api(`/api/v2/account/resetPassword/${ADMIN.email}`, { method: 'POST' })).status).toBe(200);
    await mail.waitFor(ADMIN.email);

    const text = await eventually(async () => {
      const t = await scrape();
      const conflicts = sample(t, 'washboard_device_messages_refused_total{reason="CONFLICTING_RECORD"}') ?? 0;
      return (sample(t, 'washboard_mail_total{outcome="sent"}') ?? 0) >= 1 && conflicts >= 1 && t;
    });
    expect(sample(text, 'washboard_device_messages_ingested_total{topic="telemetry"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'washboard_device_messages_refused_total{reason="INVALID_PAYLOAD"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'washboard_ingest_batch_commit_seconds_count{outcome="committed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'washboard_ingest_writer_queue_depth')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'washboard_dead_letters')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'washboard_push_sockets')).toBe(1);
    expect(sample(text, 'washboard_commands_total{command="cycle-start",outcome="offline"}')).toBe(1);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    live.socket.close();
    await eventually(async () => sample(await scrape(), 'washboard_push_sockets') === 0);
  });

  it('serves the same figures without a token on the management port', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('washboard_device_messages_ingested_total');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist on the public port', async () => {
    const server = await startTestServer();
    try {
      expect((await server.api('/metrics', { brand: null })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
