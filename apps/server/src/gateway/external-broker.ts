import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { COMMAND_TOPIC, DEVICE_TOPICS, ERROR_TOPIC, TOPIC_ROOT, deviceTopic } from '@washboard/contracts';
import { StartupError } from '../startup-error';
import { PipelinedSubscriber } from './pipelined-subscriber';
import type { TBroker } from './broker';
import { BrokerNotAnswering } from './broker-not-answering';
import type { TDeviceLinkHandlers } from './device-link';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const SHARE_GROUP = '$share/washboard';
const SERVER_ROLE = 'washboard-server';

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

type TDynsecCommand = Record<string, unknown> & { command: string };
type TDynsecResponse = { command: string; error?: string; correlationData?: string };

/** Answers awaited by correlation id, each given `timeoutMs` before the broker counts as not answering. */
class Answers<T> {
  private readonly waiting = new Map<string, (answer: T) => void>();

  settle(id: string | undefined, answer: T): void {
    const resolve = id === undefined ? undefined : this.waiting.get(id);
    if (id === undefined || !resolve) return;
    this.waiting.delete(id);
    resolve(answer);
  }

  wait(id: string, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new BrokerNotAnswering());
      }, timeoutMs);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  }
}

/**
 * Mosquitto's dynamic-security plugin, driven over its control topic with the credentials of
 * MQTT_URL: the server gives its own user the role it needs and, with `deviceAuth=dynsec`, creates
 * one client and one role per device so that a device may use only `wb/v1/{serial}/…`.
 */
class Dynsec {
  private readonly answers = new Answers<TDynsecResponse[]>();

  constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      if (topic !== `${CONTROL_TOPIC}/response`) return;
      try {
        const { responses } = JSON.parse(payload.toString()) as { responses: TDynsecResponse[] };
        this.answers.settle(responses[0]?.correlationData, responses);
      } catch {
        // not ours to judge: another admin's malformed response
      }
    });
  }

  async start(): Promise<void> {
    await this.client.subscribeAsync(`${CONTROL_TOPIC}/response`, { qos: 1 });
  }

  async clientHasRole(username: string, rolename: string): Promise<boolean> {
    const id = randomUUID();
    const [, responses] = await Promise.all([
      this.client.publishAsync(
        CONTROL_TOPIC,
        JSON.stringify({ commands: [{ command: 'getClient', username, correlationData: id }] }),
        { qos: 1 },
      ),
      this.answers.wait(id, 5_000),
    ]);
    const [response] = responses as (TDynsecResponse & { data?: { client?: { roles?: { rolename: string }[] } } })[];
    return response?.data?.client?.roles?.some((r) => r.rolename === rolename) ?? false;
  }

  /**
   * Runs commands; answers the error of each (undefined when it succeeded). Mosquitto saves its
   * configuration after each command, so a large batch is given more time (`timeoutMs`).
   */
  async run(commands: TDynsecCommand[], timeoutMs = 5_000): Promise<(string | undefined)[]> {
    const id = randomUUID();
    // Awaited together: an answer that times out while the publish is still on its way is handled.
    const [, responses] = await Promise.all([
      this.client.publishAsync(
        CONTROL_TOPIC,
        JSON.stringify({ commands: commands.map((c) => ({ ...c, correlationData: id })) }),
        { qos: 1 },
      ),
      this.answers.wait(id, timeoutMs),
    ]);
    return responses.map((r) => r.error);
  }
}

/** The control topic of deploy/mosquitto/washboard-auth, the plugin that authenticates devices against the database. */
const DEVICE_PLUGIN_TOPIC = '$CONTROL/washboard-devices/v1';

/**
 * The device-authentication plugin (`deviceAuth=plugin`): devices need no broker entry, the plugin
 * reads their secret's hash from the database at each connection. The server only tells it which
 * machines to disconnect now (a deleted product, a re-issued secret); it answers once they are.
 */
class DevicePlugin {
  private readonly answers = new Answers<void>();

  constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      if (topic === `${DEVICE_PLUGIN_TOPIC}/response`) this.answers.settle(payload.toString(), undefined);
    });
  }

  async start(): Promise<void> {
    await this.client.subscribeAsync(`${DEVICE_PLUGIN_TOPIC}/response`, { qos: 1 });
  }

  /** Ends the connections of `serials`; with none, only checks that the plugin is loaded and answers. */
  async disconnect(serials: readonly string[]): Promise<void> {
    const id = randomUUID();
    await Promise.all([
      this.client.publishAsync(DEVICE_PLUGIN_TOPIC, [id, ...serials].join('\n'), { qos: 1 }),
      this.answers.wait(id, 5_000),
    ]);
  }
}

const ALREADY = /already exists|already has/i;

/**
 * Devices per dynamic-security message of an import: Mosquitto answers a message's commands in one
 * response (it still saves its configuration after each command: docs/benchmarks.md, "Product
 * import"), and a message stays well under the shipped `max_packet_size` of 256 kB (a device's four
 * commands are under 1 kB).
 */
const DYNSEC_BATCH = 200;
/**
 * The time a command of a batch is given on top of the usual 5 s: Mosquitto 2.0 saves its whole
 * dynamic-security file after each command, so a command costs more the more devices it knows.
 */
const DYNSEC_MS_PER_COMMAND = 50;

/**
 * The four commands that make `serial`/`secret` a device identity allowed on its own topics only.
 * They start from nothing (delete, then create) so a re-issued secret replaces the old one; a
 * message's commands run in order.
 */
function deviceIdentityCommands(serial: string, secret: string): TDynsecCommand[] {
  const rolename = `wb-device-${serial}`;
  const own = `${TOPIC_ROOT}/${serial}`;
  return [
    { command: 'deleteClient', username: serial },
    { command: 'deleteRole', rolename },
    {
      command: 'createRole',
      rolename,
      acls: [
        { acltype: 'publishClientSend', topic: `${own}/${COMMAND_TOPIC}`, allow: false, priority: 10 },
        { acltype: 'publishClientSend', topic: `${own}/${ERROR_TOPIC}`, allow: false, priority: 10 },
        { acltype: 'publishClientSend', topic: `${own}/#`, allow: true },
        { acltype: 'subscribeLiteral', topic: `${own}/${COMMAND_TOPIC}`, allow: true },
        { acltype: 'subscribeLiteral', topic: `${own}/${ERROR_TOPIC}`, allow: true },
      ],
    },
    { command: 'createClient', username: serial, clientid: serial, password: secret, roles: [{ rolename }] },
  ];
}

/**
 * The gateway against an external broker (Mosquitto, EMQX…): persistent sessions in a shared
 * subscription group so each message is ingested once across server instances and queued while
 * the server is away. Each message is acknowledged to the broker only once stored; the pipelined
 * subscriber keeps the broker's whole in-flight window in every batch.
 */
export async function connectExternal(
  url: string,
  log: FastifyBaseLogger,
  connections: number,
  severalInstances: boolean,
): Promise<TBroker> {
  const parsed = new URL(url);
  const deviceAuth = parsed.searchParams.get('deviceAuth') ?? 'dynsec';
  parsed.searchParams.delete('deviceAuth');
  if (deviceAuth !== 'dynsec' && deviceAuth !== 'plugin' && deviceAuth !== 'none') {
    throw new StartupError(`MQTT_URL has deviceAuth=${deviceAuth}: use dynsec (the default), plugin or none.`);
  }
  // `shared` lets several server instances (or ingest connections) split the devices' messages.
  // Mosquitto 2.0 does not save a shared subscription in its persistence file: after the broker
  // restarts, a session that is away keeps its queue but no longer receives what the devices publish
  // until it subscribes again, and those messages are acknowledged and dropped. `plain` is saved with
  // the session, so it is the default of a single instance on one ingest connection (docs/operations.md).
  const subscription = parsed.searchParams.get('subscription') ?? (connections === 1 && !severalInstances ? 'plain' : 'shared');
  parsed.searchParams.delete('subscription');
  if (subscription !== 'shared' && subscription !== 'plain') {
    throw new StartupError(`MQTT_URL has subscription=${subscription}: use shared (the default) or plain.`);
  }
  if (subscription === 'plain' && connections > 1) {
    throw new StartupError(
      `MQTT_URL has subscription=plain with MQTT_INGEST_CONNECTIONS=${connections}: every connection would receive every message. ` +
        'Use one connection, or the shared subscription.',
    );
  }
  const brokerUrl = parsed.toString();
  const instance = `${hostname()}-${process.env.WASHBOARD_INSTANCE ?? '0'}`;
  const connect = (clientId: string, clean: boolean) =>
    mqtt.connectAsync(brokerUrl, { clientId, connectTimeout: 5_000, reconnectPeriod: 2_000, clean, protocolVersion: 4 });
  let control: MqttClient;
  try {
    control = await connect(`washboard-${instance}-control-${process.pid}`, true);
  } catch (error) {
    throw new StartupError(
      `Cannot connect to the MQTT broker at ${redact(url)} (${error instanceof Error ? error.message : String(error)}). ` +
        'Check MQTT_URL, or unset it to use the embedded broker.',
      { cause: error },
    );
  }
  control.on('offline', () => log.warn('MQTT broker connection lost; reconnecting'));
  log.info({ url: redact(url), deviceAuth, subscription }, 'connected to external MQTT broker');
  // `plugin` still uses dynamic security for the server's own user and role.
  const dynsec = deviceAuth === 'none' ? undefined : new Dynsec(control);
  const devicePlugin = deviceAuth === 'plugin' ? new DevicePlugin(control) : undefined;
  const ingest: { close(): Promise<void> }[] = [];
  const provisionDevices = async (devices: readonly { serial: string; secret: string }[]): Promise<void> => {
    // With the plugin (or none) the stored hash is the device's identity: nothing to tell the broker.
    if (!dynsec || devicePlugin) return;
    for (let start = 0; start < devices.length; start += DYNSEC_BATCH) {
      const batch = devices.slice(start, start + DYNSEC_BATCH);
      const commands = batch.flatMap(({ serial, secret }) => deviceIdentityCommands(serial, secret));
      const results = await dynsec.run(commands, 5_000 + DYNSEC_MS_PER_COMMAND * commands.length);
      // Only the creations count: the deletions that start from nothing fail for a new device.
      const failure = results.find((error, i) => i % 4 >= 2 && error !== undefined);
      if (failure) throw new Error(`the MQTT broker refused the device identity: ${failure}`);
    }
  };

  return {
    kind: 'external',
    url: redact(url),
    isReady: () => control.connected,
    async attach(handlers: TDeviceLinkHandlers) {
      if (dynsec) {
        await dynsec.start();
        const username = decodeURIComponent(parsed.username);
        const acls = [
          { acltype: 'publishClientSend', topic: `${TOPIC_ROOT}/+/${COMMAND_TOPIC}`, allow: true },
          { acltype: 'publishClientSend', topic: `${TOPIC_ROOT}/+/${ERROR_TOPIC}`, allow: true },
          { acltype: 'subscribePattern', topic: `${TOPIC_ROOT}/#`, allow: true },
          { acltype: 'publishClientReceive', topic: `${TOPIC_ROOT}/#`, allow: true },
          ...(devicePlugin
            ? [
                { acltype: 'publishClientSend', topic: DEVICE_PLUGIN_TOPIC, allow: true },
                { acltype: 'subscribeLiteral', topic: `${DEVICE_PLUGIN_TOPIC}/response`, allow: true },
                { acltype: 'publishClientReceive', topic: `${DEVICE_PLUGIN_TOPIC}/response`, allow: true },
              ]
            : []),
        ];
        const [role] = await dynsec.run([{ command: 'createRole', rolename: SERVER_ROLE, acls }]);
        if (role && !ALREADY.test(role)) throw new StartupError(`The MQTT broker refused the server role: ${role}`);
        if (role) {
          // A role made by an earlier version lacks the rules added since (the `error` topic).
          const added = await dynsec.run(acls.map((acl) => ({ command: 'addRoleACL', rolename: SERVER_ROLE, ...acl })));
          const refused = added.find((error) => error !== undefined && !ALREADY.test(error));
          if (refused) throw new StartupError(`The MQTT broker refused a rule of the server role: ${refused}`);
        }
        if (!(await dynsec.clientHasRole(username, SERVER_ROLE))) {
          // Mosquitto disconnects a client whose roles change, so that its new rights apply: this
          // connection drops once, and mqtt.js reconnects and subscribes again.
          const reconnected = new Promise<void>((resolve) => control.once('connect', () => resolve()));
          void dynsec.run([{ command: 'addClientRole', username, rolename: SERVER_ROLE, priority: 10 }]).catch(() => {});
          await reconnected;
          if (!(await dynsec.clientHasRole(username, SERVER_ROLE))) {
            throw new StartupError('The MQTT broker did not give the server its role: check the MQTT_URL user is a dynsec admin');
          }
        }
        if (devicePlugin) {
          await devicePlugin.start();
          try {
            await devicePlugin.disconnect([]);
          } catch (error) {
            throw new StartupError(
              'MQTT_URL has deviceAuth=plugin but the broker has no Washboard device plugin answering: ' +
                'load deploy/mosquitto/washboard-auth in mosquitto.conf before the dynamic-security plugin (docs/configuration.md).',
              { cause: error },
            );
          }
        }
      } else {
        log.warn('MQTT_URL has deviceAuth=none: the external broker must authenticate devices itself');
      }
      const plain = DEVICE_TOPICS.map((t) => `${TOPIC_ROOT}/+/${t}`);
      const shared = plain.map((t) => `${SHARE_GROUP}/${t}`);
      const topics = subscription === 'plain' ? plain : shared;
      // The session keeps what an earlier start with the other setting subscribed to: holding both
      // would deliver every message twice.
      const stale = subscription === 'plain' ? shared : plain;
      for (let i = 0; i < connections; i += 1) {
        const clientId = `washboard-${instance}-ingest-${i}`;
        if (parsed.protocol === 'mqtt:' || parsed.protocol === 'mqtts:') {
          const subscriber = new PipelinedSubscriber({ url: parsed, clientId, topics, stale, receive: handlers.receive, log });
          await subscriber.start();
          ingest.push({ close: () => subscriber.close() });
          continue;
        }
        // Over WebSocket: mqtt.js, one unacknowledged message per connection.
        const client = mqtt.connect(brokerUrl, { clientId, clean: false, reconnectPeriod: 1_000, protocolVersion: 4 });
        // Set before the connection opens: a persistent session delivers its queue right away.
        // mqtt.js sends the PUBACK after handleMessage calls back (customHandleAcks is MQTT 5 only).
        client.handleMessage = (packet, callback) => {
          const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
          handlers.receive(packet.topic, payload).then(
            () => callback(),
            (error: unknown) => {
              // Not acknowledged: the broker sends it again after the reconnect.
              log.error({ err: error, topic: packet.topic }, 'storing a device message failed; reconnecting to get it again');
              client.stream.destroy();
            },
          );
        };
        await new Promise<void>((resolve, reject) => {
          client.once('connect', () => resolve());
          client.once('error', reject);
        });
        await client.subscribeAsync(topics, { qos: 1 });
        await client.unsubscribeAsync(stale);
        ingest.push({ close: () => endWithin(client) });
      }
    },
    async sendCommand(serial, payload) {
      await control.publishAsync(deviceTopic(serial, COMMAND_TOPIC), payload, { qos: 1 });
    },
    async sendError(serial, payload) {
      await control.publishAsync(deviceTopic(serial, ERROR_TOPIC), payload, { qos: 1 });
    },
    provisionDevice: (serial, secret) => provisionDevices([{ serial, secret }]),
    provisionDevices,
    async revokeDevice(serial) {
      // The plugin refuses the next connection by itself (the stored hash changed); this ends the open one.
      if (devicePlugin) return devicePlugin.disconnect([serial]);
      if (!dynsec) return;
      // Mosquitto disconnects a client when it is deleted: the machine is off the broker at once.
      await dynsec.run([
        { command: 'deleteClient', username: serial },
        { command: 'deleteRole', rolename: `wb-device-${serial}` },
      ]);
    },
    async close() {
      await Promise.all([...ingest.map((c) => c.close()), endWithin(control)]);
    },
  };
}

/**
 * Ends a client politely (its in-flight messages acknowledged first), or drops its connection after
 * `ms`: a broker that went quiet must not hold the server's shutdown open.
 */
async function endWithin(client: MqttClient, ms = 5_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const dropped = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      client.stream?.destroy();
      resolve();
    }, ms);
  });
  await Promise.race([client.endAsync(), dropped]);
  clearTimeout(timer);
}
