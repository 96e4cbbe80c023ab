import { describe, expect, it } from 'vitest';
import { testBroker } from '../../test/harness';
import { createProduct, deviceSuite, eventually, publish } from '../../test/devices';

// Security audit, issue 11, finding 8: a device with valid credentials could send 100 MB messages
// and a parameter set of 60,000 keys of its own, which was stored and served.
describe(`device message limits (${testBroker()})`, () => {
  const suite = deviceSuite();
  const { device, lastTelemetry } = suite;
  const parameters = async (serial: string) =>
    (await (
      await suite.server.api(`/api/v1/event-hub-listener/event/${serial}/parameters`, { headers: suite.headers })
    ).json()) as {
      values: Record<string, number>;
    };

  it('drops the connection of a device sending a message over MQTT_MAX_MESSAGE_BYTES, and stores nothing of it', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const client = await device(product);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    // Valid JSON with valid content, made 300 KB long by white space (the default cap is 256 KiB).
    const oversize = `{"ts":"${new Date().toISOString()}","values":{"S47":1}${' '.repeat(300 * 1024)}}`;
    client.publish(`wb/v1/${product.serialNumber}/params`, oversize, { qos: 1 }, () => {});
    await Promise.race([
      closed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the connection stayed open')), 3_000)),
    ]);
    // The suite.server is still ingesting: a fresh connection's message of normal size is stored.
    const again = await device(product);
    await publish(again, product.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp: 777 });
    await eventually(async () => (await lastTelemetry(product.serialNumber)).telemetry?.boilerTmp === 777);
    expect((await parameters(product.serialNumber)).values).toEqual({});
  });

  it('accepts only parameter keys of the catalogue', async () => {
    const product = await createProduct(suite.server, suite.headers);
    const client = await device(product);
    await publish(client, product.serialNumber, 'params', { ts: new Date().toISOString(), values: { S47: 0 } });
    await eventually(async () => (await parameters(product.serialNumber)).values.S47 === 0);
    // Under the size cap, but with 15,000 keys the catalogue does not know.
    const values: Record<string, number> = { S47: 1 };
    for (let i = 0; i < 15_000; i += 1) values[`X${i}`] = i;
    await publish(client, product.serialNumber, 'params', { ts: new Date().toISOString(), values });
    // A machine's messages are handled in order: once this one is stored, the set above was judged.
    await publish(client, product.serialNumber, 'telemetry', { ts: new Date().toISOString(), boilerTmp: 778 });
    await eventually(async () => (await lastTelemetry(product.serialNumber)).telemetry?.boilerTmp === 778);
    const stored = (await parameters(product.serialNumber)).values;
    // Compared by keys first so that a failure does not print 15,000 of them.
    expect(Object.keys(stored)).toEqual(['S47']);
    expect(stored.S47).toBe(0);
  });
});
