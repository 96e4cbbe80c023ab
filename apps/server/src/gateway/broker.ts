import { once } from 'node:events';
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { CLOUD_TOPICS, COMMAND_TOPIC, ERROR_TOPIC, deviceTopic, parseDeviceTopic, type TCloudTopic } from '@washboard/contracts';
import { bindFirstFree, lastSearchedPort } from '../port-search';
import { isAddressInUse, StartupError } from '../startup-error';
import type { TDeviceLinkHandlers } from './device-link';
import { connectExternal } from './external-broker';
import { brokerPersistence } from './broker-persistence';

export type TBroker = {
  kind: 'embedded' | 'external';
  /** Where devices connect, for logs and the operations page (never with credentials). */
  url: string;
  /** Port of the embedded broker (useful when 0 asked for a free one). */
  port?: number;
  isReady(): boolean;
  /** Connects the broker to the server's device services; until then every device is refused. */
  attach(handlers: TDeviceLinkHandlers): Promise<void>;
  /** Sends a command to a device (QoS 1 on `wb/v1/{serial}/cmd`). */
  sendCommand(serial: string, payload: string): Promise<void>;
  /** Tells a device why its message was refused (QoS 1, not retained, on `wb/v1/{serial}/error`). */
  sendError(serial: string, payload: string): Promise<void>;
  /** Makes `serial`/`secret` a device identity with access to its own topics only. */
  provisionDevice(serial: string, secret: string): Promise<void>;
  /** `provisionDevice` for many devices at once (a product import), in a few round trips. */
  provisionDevices(devices: readonly { serial: string; secret: string }[]): Promise<void>;
  /** Takes the device identity `serial` away (a deleted product) and drops its connection, if any. */
  revokeDevice(serial: string): Promise<void>;
  close(): Promise<void>;
};

/** Starts the embedded aedes broker on `port`, or connects to the external broker at `url`. */
export async function startBroker(options: {
  url?: string;
  port: number;
  host?: string;
  log: FastifyBaseLogger;
  /** Subscriber connections to an external broker (one keeps each machine's messages in order). */
  ingestConnections?: number;
  /** Several server instances share the broker (REDIS_URL is set): they split its messages. */
  severalInstances?: boolean;
  /** The largest MQTT packet (after its fixed header) a device may send to the embedded broker. */
  maxMessageBytes?: number;
  /** `port` is only the default (MQTT_PORT unset): when taken, the embedded broker takes the next free one. */
  searchPort?: boolean;
  /** The HTTP port this start chose and binds later: a search passes over it. */
  reservedPort?: number;
}): Promise<TBroker> {
  return options.url
    ? connectExternal(options.url, options.log, options.ingestConnections ?? 1, options.severalInstances ?? false)
    : startEmbedded(
        options.port,
        options.host,
        options.log,
        options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
        options.searchPort ?? false,
        options.reservedPort,
      );
}

export const DEFAULT_MAX_MESSAGE_BYTES = 256 * 1024;

/** What of mqtt-packet's parser (inside aedes's client) the size cap relies on. */
type TPacketParser = {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
};

/**
 * Bounds the packets a connection may send. Neither aedes nor mqtt-packet has a limit: the parser
 * buffers a packet until its announced length (up to 256 MB) has arrived. The remaining length is
 * read from the fixed header before the body, so the check refuses an oversize packet after a few
 * bytes, and the parser's error makes aedes drop the connection. False when aedes no longer has the
 * parser this relies on (the caller then refuses the connection rather than run without a cap).
 */
function capPacketSize(client: unknown, maxBytes: number): boolean {
  const parser = (client as { _parser?: Partial<TPacketParser> } | undefined)?._parser;
  if (!parser || typeof parser._parseLength !== 'function' || typeof parser._emitError !== 'function') return false;
  const p = parser as TPacketParser;
  const parseLength = p._parseLength.bind(p);
  p._parseLength = () => {
    if (!parseLength()) return false;
    if (p.packet.length <= maxBytes) return true;
    p._emitError(new Error(`packet of ${p.packet.length} bytes exceeds MQTT_MAX_MESSAGE_BYTES (${maxBytes})`));
    return false;
  };
  return true;
}

/**
 * A refused CONNECT (MQTT 3.1.1 §3.2.2.3): 4 "bad user name or password" for credentials the server
 * does not take, 3 "server unavailable" when it could not check them (its database is down or not
 * yet ready). A machine gives up on 4 and keeps trying on 3: answering a passing failure with a
 * refusal of its credentials would leave it offline until someone restarts it.
 */
function authError(code: 3 | 4): AuthenticateError {
  return Object.assign(new Error(code === 4 ? 'bad username or password' : 'server unavailable'), { returnCode: code });
}

/** A device may use only `wb/v1/{its serial}/…`, and never publish to the cloud's topics (`cmd`, `error`). */
export function deviceMayPublish(clientId: string, topic: string): boolean {
  const parsed = parseDeviceTopic(topic);
  return parsed !== undefined && parsed.serial === clientId && !(CLOUD_TOPICS as readonly string[]).includes(parsed.topic);
}

/** A device may subscribe to its own `cmd` and `error` topics only. */
export function deviceMaySubscribe(clientId: string, topic: string): boolean {
  return CLOUD_TOPICS.some((t) => topic === deviceTopic(clientId, t));
}

/** What the broker keeps on aedes's client object. */
type TAedesClient = {
  /** Settles once the connection's latest message was answered: its PUBACKs go out in order. */
  wbAnswered?: Promise<unknown>;
};

/**
 * Listens on `port`. A failed listen leaves `server` free to try another port (Node allows it after an
 * error); `once` takes both its listeners back whatever the outcome, since the port search tries up
 * to PORT_SEARCH_SPAN ports on the one listener.
 */
async function listen(server: net.Server, port: number, host: string | undefined): Promise<void> {
  const listening = once(server, 'listening');
  server.listen({ port, host });
  await listening;
}

async function startEmbedded(
  port: number,
  host: string | undefined,
  log: FastifyBaseLogger,
  maxMessageBytes: number,
  searchPort: boolean,
  reservedPort?: number,
): Promise<TBroker> {
  let handlers: TDeviceLinkHandlers | undefined;
  let attached: (h: TDeviceLinkHandlers) => void = () => {};
  // The port listens before the server has attached its services. A machine connecting in between
  // (every machine, right after a restart) waits for them: refused, mqtt.js and many firmwares
  // never try again (a refusal reads as bad credentials).
  const ready = new Promise<TDeviceLinkHandlers>((resolve) => {
    attached = resolve;
  });
  const aedes = await Aedes.createBroker({
    persistence: brokerPersistence(),
    authenticate(client, username, password, done) {
      if (!username || !password || client.id !== username) return done(authError(4), false);
      (handlers ? Promise.resolve(handlers) : ready)
        .then((h) => h.authenticate(username, password.toString('utf8')))
        .then(
          (ok) => done(ok ? null : authError(4), ok),
          (error: unknown) => {
            log.error({ err: error }, 'device authentication failed');
            done(authError(3), false);
          },
        );
    },
    authorizePublish(client, packet, done) {
      // client is null for what the server itself publishes (commands).
      if (!client) return done(null);
      if (!deviceMayPublish(client.id, packet.topic)) return done(new Error('topic not allowed'));
      if (!handlers) return done(new Error('not ready'));
      // aedes sends the PUBACK after this callback, and passes each last will through here too:
      // ingesting here means a QoS 1 message is acknowledged only once it is stored.
      const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
      // aedes reads on while earlier messages are being stored, so a connection has several in hand:
      // each is answered after its own storage and after the earlier ones (MQTT 3.1.1 §4.6: PUBACKs
      // in the order the messages came), whatever order their storage ends in.
      const stored = handlers.receive(packet.topic, payload);
      const c = client as TAedesClient;
      const before = c.wbAnswered;
      // Marked handled now: a failure is answered below, once the earlier messages are.
      stored.catch(() => {});
      c.wbAnswered = (before ? before.then(() => stored) : stored).then(
        () => done(null),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      done(null, deviceMaySubscribe(client.id, subscription.topic) ? subscription : null);
    },
  });
  const server = net.createServer((socket) => {
    const client: unknown = aedes.handle(socket);
    if (!capPacketSize(client, maxMessageBytes)) {
      log.error('the embedded broker cannot bound packet sizes (aedes internals changed); connection refused');
      socket.destroy();
    }
  });
  let bound: number;
  try {
    ({ port: bound } = await bindFirstFree(port, searchPort, (p) => listen(server, p, host), reservedPort));
  } catch (error) {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    if (isAddressInUse(error) && searchPort && port !== 0) {
      throw new StartupError(
        `MQTT ports ${port}-${lastSearchedPort(port)} are all in use. ` +
          'Set MQTT_PORT to a free port for the embedded broker, or set MQTT_URL to use a running broker.',
        { cause: error },
      );
    }
    if (isAddressInUse(error)) {
      throw new StartupError(
        `MQTT port ${port} is already in use (another broker, such as Mosquitto, may be running). ` +
          'Set MQTT_PORT to a free port for the embedded broker, or set MQTT_URL to use the running broker.',
        { cause: error },
      );
    }
    throw error;
  }
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : bound;
  let closing = false;
  // A connection that ends is a machine gone offline, last will or not. One replaced by a new
  // connection of the same machine ends too (aedes closes it before registering the new one): the
  // machine's first message or PINGREQ on the new one shows it online again. At shutdown every
  // connection ends; the next start marks every machine offline anyway.
  // The open connection of each machine, so that a deleted product's can be ended.
  const connected = new Map<string, Client>();
  aedes.on('clientReady', (client) => {
    if (client.id) connected.set(client.id, client);
  });
  aedes.on('clientDisconnect', (client) => {
    if (client.id && connected.get(client.id) === client) connected.delete(client.id);
    if (!closing && client.id) handlers?.disconnected?.(client.id);
  });
  aedes.on('ping', (_packet, client) => {
    if (client.id) handlers?.alive?.(client.id);
  });
  const publishToDevice = (serial: string, topic: TCloudTopic, payload: string) =>
    new Promise<void>((resolve, reject) =>
      aedes.publish(
        { cmd: 'publish', topic: deviceTopic(serial, topic), payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
        (error) => (error ? reject(error) : resolve()),
      ),
    );
  aedes.on('clientError', (client, error) => {
    // An oversize packet is a device breaking the protocol (or an attack): worth an operator's eye.
    if (error.message.includes('MQTT_MAX_MESSAGE_BYTES'))
      log.warn({ clientId: client.id, err: error.message }, 'mqtt packet too large');
    else log.debug({ clientId: client.id, err: error.message }, 'mqtt client error');
  });
  aedes.on('connectionError', (_client, error) => {
    if (error.message.includes('MQTT_MAX_MESSAGE_BYTES'))
      log.warn({ err: error.message }, 'mqtt packet too large before CONNECT');
  });
  log.info({ port: actualPort }, 'embedded MQTT broker listening');
  return {
    kind: 'embedded',
    url: `mqtt://localhost:${actualPort}`,
    port: actualPort,
    isReady: () => server.listening && !aedes.closed,
    attach: async (h) => {
      handlers = h;
      attached(h);
    },
    sendCommand: (serial, payload) => publishToDevice(serial, COMMAND_TOPIC, payload),
    sendError: (serial, payload) => publishToDevice(serial, ERROR_TOPIC, payload),
    // The embedded broker asks the server (handlers.authenticate) at every connection.
    provisionDevice: async () => {},
    provisionDevices: async () => {},
    // Its stored secret is gone, so the next connection is refused; the open one ends now.
    revokeDevice: async (serial) => {
      const client = connected.get(serial);
      if (client) await new Promise<void>((resolve) => client.close(() => resolve()));
    },
    close: async () => {
      closing = true;
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
