import { connect, type IClientOptions, type MqttClient } from 'mqtt';
import { ZDeviceMessageError, deviceTopic, type TDeviceMessageError, type TDeviceTopic } from '@washboard/contracts';
import { DELIVERY } from './device-message';
import type { Outbox, TOutboxEntry } from './outbox';

/** MQTT settings of one simulated machine. */
export type TMqttOptions = {
  /** seconds; default 60 */
  keepalive?: number;
  /** ms between reconnect attempts; default 2000–5000, spread so a fleet does not reconnect in step */
  reconnectPeriod?: number;
  /** ms to wait for CONNACK; default 30000 */
  connectTimeout?: number;
  /** QoS of telemetry: 0 as in the protocol, 1 for benchmarks that count every message */
  telemetryQos?: 0 | 1;
};

export type TDeviceLinkOptions = TMqttOptions & {
  broker: string;
  serial: string;
  /** device secret; none for brokers that let anyone in (a bare Mosquitto in load runs) */
  secret?: string;
  outbox: Outbox;
  /** called on every (re)connection, before the outbox is flushed: the machine announces itself */
  onConnect: () => void;
  onCommand: (payload: Buffer) => void;
  /** called when the cloud refused one of the machine's messages (`wb/v1/{serial}/error`) */
  onRefused?: (error: TDeviceMessageError) => void;
};

function parseJson(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * CONNACK refusals that retrying cannot fix (MQTT 3.1.1 return codes: identifier rejected, bad user
 * name or password, not authorised). Any other — 3 "server unavailable" above all, what the broker
 * answers while the server cannot check credentials — is tried again, as a real machine would.
 */
const REFUSALS = new Set<unknown>([2, 4, 5]);
const OFFLINE = JSON.stringify({ online: false });

/**
 * The machine's connection: client id = username = serial, password = device secret, a retained
 * last will `{"online":false}` on its status topic, a clean session (commands sent while it was
 * offline are not wanted later: the cloud has already told the user it did not answer), and the
 * outbox flushed on every connect.
 */
export class DeviceLink {
  private client: MqttClient | null = null;
  /** the connection on which the machine has subscribed and announced itself */
  private ready: MqttClient | null = null;
  /** callers of connect() waiting for the machine to be ready */
  private waiters: { ready: () => void; abort: (error: Error) => void }[] = [];
  private sentCount = 0;

  constructor(private readonly options: TDeviceLinkOptions) {}

  /** Connected, subscribed and announced. */
  get connected(): boolean {
    return this.ready !== null && this.ready === this.client && this.ready.connected;
  }

  /** Messages handed to the broker connection so far. */
  get sent(): number {
    return this.sentCount;
  }

  /**
   * Opens the connection. Resolves once connected, subscribed to `cmd` and announced (so a
   * command sent after the retained `status` says online is heard); rejects when the broker refuses
   * the credentials (then gives up) or nothing answers within `connectTimeout` (then keeps trying
   * in the background, as a real machine would).
   */
  connect(): Promise<void> {
    if (this.client) {
      if (this.ready && this.ready === this.client) return Promise.resolve();
      return new Promise((resolve, reject) => this.waiters.push({ ready: resolve, abort: reject }));
    }
    const o = this.options;
    const commandTopic = deviceTopic(o.serial, 'cmd');
    const errorTopic = deviceTopic(o.serial, 'error');
    const clientOptions: IClientOptions = {
      protocolVersion: 4,
      clientId: o.serial,
      username: o.serial,
      password: o.secret,
      clean: true,
      keepalive: o.keepalive ?? 60,
      reconnectPeriod: o.reconnectPeriod ?? 2000 + Math.floor(Math.random() * 3000),
      connectTimeout: o.connectTimeout ?? 30_000,
      queueQoSZero: false,
      // The 'connect' handler below subscribes on every connection; mqtt.js need not do it again.
      resubscribe: false,
      // mqtt.js stops reconnecting after any refused CONNACK; the refusals above end the client
      // themselves, a passing one (3, server unavailable) must not leave the machine offline.
      reconnectOnConnackError: true,
      will: { topic: deviceTopic(o.serial, 'status'), payload: Buffer.from(OFFLINE), qos: 1, retain: true },
    };
    const client = connect(o.broker, clientOptions);
    this.client = client;
    client.on('connect', () => {
      // Why the cloud refused a message, for the machine's log; a broker that refuses this
      // subscription (an identity made before the topic existed) leaves the machine working as before.
      client.subscribe(errorTopic, { qos: 1 }, () => undefined);
      // Announce only once commands can reach the machine.
      client.subscribe(commandTopic, { qos: 1 }, () => {
        if (this.client !== client || !client.connected) return;
        o.onConnect();
        this.flush(client);
        this.ready = client;
        for (const waiter of this.waiters.splice(0)) waiter.ready();
      });
    });
    client.on('close', () => {
      if (this.ready === client) this.ready = null;
    });
    client.on('message', (topic, payload) => {
      if (topic === commandTopic) o.onCommand(payload);
      else if (topic === errorTopic) {
        const error = ZDeviceMessageError.safeParse(parseJson(payload));
        if (error.success) o.onRefused?.(error.data);
      }
    });
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => settle(new Error(`${o.serial}: could not connect to ${o.broker} within ${clientOptions.connectTimeout} ms`)),
        clientOptions.connectTimeout,
      );
      const onError = (error: Error & { code?: unknown }): void => {
        if (!REFUSALS.has(error.code)) return;
        // Wrong secret or unknown serial: retrying would only hammer the broker.
        client.end(true);
        if (this.client === client) this.client = null;
        settle(new Error(`${o.serial}: broker refused the connection (${error.message})`));
      };
      const settle = (error?: Error): void => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        client.off('error', onError);
        // A client without an 'error' listener would throw. Later, a refusal of the credentials (the
        // secret replaced: a new board took the machine's identity) ends it; other errors reconnect.
        client.on('error', (later: Error & { code?: unknown }) => {
          if (!REFUSALS.has(later.code)) return;
          client.end(true);
          if (this.client === client) this.client = null;
        });
        if (error) reject(error);
        else resolve();
      };
      const waiter = { ready: () => settle(), abort: (error: Error) => settle(error) };
      this.waiters.push(waiter);
      client.on('error', onError);
    });
  }

  /** Sends a message now if connected; records wait in the outbox until acknowledged. */
  send(topic: TDeviceTopic, body: string): void {
    const delivery = DELIVERY[topic];
    const client = this.client;
    if (delivery.keep === 'none') {
      if (client?.connected) {
        const qos = topic === 'telemetry' ? (this.options.telemetryQos ?? 0) : delivery.qos;
        client.publish(deviceTopic(this.options.serial, topic), body, { qos, retain: delivery.retain });
        this.sentCount += 1;
      }
      return;
    }
    const entry = this.options.outbox.put(topic, body, delivery);
    if (client?.connected) this.write(client, entry);
  }

  /**
   * Drops the connection without a DISCONNECT packet (as when power or network fails), so the
   * broker publishes the last will. Nothing is retried until `connect()` is called again.
   */
  disconnect(): void {
    const client = this.client;
    this.client = null;
    this.ready = null;
    this.abortWaiters();
    // end(true) destroys the socket without sending DISCONNECT.
    client?.end(true);
  }

  /** Says goodbye properly: status offline (retained), then DISCONNECT. */
  async close(timeoutMs = 2000): Promise<void> {
    const client = this.client;
    this.client = null;
    this.ready = null;
    this.abortWaiters();
    if (!client) return;
    if (client.connected) {
      client.publish(deviceTopic(this.options.serial, 'status'), OFFLINE, { qos: 1, retain: true });
    }
    await new Promise<void>((resolve) => {
      // A broker that went away first would leave end() waiting for acknowledgements forever.
      const timer = setTimeout(() => {
        client.stream.destroy();
        resolve();
      }, timeoutMs);
      client.end(false, {}, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private abortWaiters(): void {
    for (const waiter of this.waiters.splice(0)) waiter.abort(new Error(`${this.options.serial}: closed before it connected`));
  }

  private flush(client: MqttClient): void {
    for (const entry of this.options.outbox.unsentOn(client)) this.write(client, entry);
  }

  private write(client: MqttClient, entry: TOutboxEntry): void {
    const outbox = this.options.outbox;
    entry.sentOn = client;
    this.sentCount += 1;
    client.publish(
      deviceTopic(this.options.serial, entry.topic),
      entry.body,
      { qos: entry.qos, retain: entry.retain },
      (error) => {
        if (!error) outbox.acknowledge(entry);
        else if (entry.sentOn === client) outbox.release(entry);
      },
    );
  }
}
