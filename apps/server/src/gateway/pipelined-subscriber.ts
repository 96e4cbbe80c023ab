import net from 'node:net';
import tls from 'node:tls';
import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';
import type { FastifyBaseLogger } from 'fastify';

type TOptions = {
  url: URL;
  clientId: string;
  topics: string[];
  /** Topic filters the session may hold from an earlier configuration: unsubscribed after each SUBACK. */
  stale?: string[];
  /** Resolves once the message is stored; its PUBACK goes out only then. */
  receive(topic: string, payload: Buffer): Promise<void>;
  log: FastifyBaseLogger;
  keepaliveSeconds?: number;
};

/**
 * A minimal MQTT 3.1.1 subscriber with a persistent session that acknowledges every QoS 1 message
 * once it is stored — while the next ones are already being handled. mqtt.js handles a
 * connection's messages strictly one after another when acknowledgement waits for storage, which
 * caps ingestion at one message per batch commit per connection; here the broker's whole in-flight
 * window (Mosquitto: 20 per client) rides in each batch.
 */
export class PipelinedSubscriber {
  private socket: net.Socket | undefined;
  private closed = false;
  private ping: NodeJS.Timeout | undefined;
  private connected = false;
  private generation = 0;

  constructor(private readonly options: TOptions) {}

  get isConnected(): boolean {
    return this.connected;
  }

  /** Connects and subscribes; later drops reconnect by themselves. */
  start(): Promise<void> {
    return new Promise<void>((resolve, reject) => this.open(resolve, reject));
  }

  private open(ready?: () => void, failed?: (error: Error) => void): void {
    const { url, clientId, topics, log } = this.options;
    const keepalive = this.options.keepaliveSeconds ?? 30;
    const generation = (this.generation += 1);
    const socket =
      url.protocol === 'mqtts:'
        ? tls.connect({ port: Number(url.port || 8883), host: url.hostname, servername: url.hostname })
        : net.connect(Number(url.port || 1883), url.hostname);
    this.socket = socket;
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const send = (packet: Packet) => {
      if (!socket.destroyed) socket.write(mqttPacket.generate(packet));
    };
    socket.on(url.protocol === 'mqtts:' ? 'secureConnect' : 'connect', () => {
      send({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clientId,
        clean: false,
        keepalive,
        ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
        ...(url.password ? { password: Buffer.from(decodeURIComponent(url.password)) } : {}),
      });
    });
    parser.on('packet', (packet: Packet) => {
      switch (packet.cmd) {
        case 'connack':
          if (packet.returnCode !== 0) {
            const error = new Error(`the MQTT broker refused the subscriber (return code ${packet.returnCode})`);
            socket.destroy();
            failed?.(error);
            return;
          }
          this.connected = true;
          send({ cmd: 'subscribe', messageId: 1, subscriptions: topics.map((topic) => ({ topic, qos: 1 })) });
          this.ping = setInterval(() => send({ cmd: 'pingreq' }), (keepalive * 1000) / 2);
          return;
        case 'suback':
          // Subscribed first, unsubscribed after: a message matching both may come twice, none is
          // missed in between.
          if (this.options.stale?.length) send({ cmd: 'unsubscribe', messageId: 2, unsubscriptions: this.options.stale });
          ready?.();
          return;
        case 'publish':
          this.handle(packet, send, generation);
          return;
        default:
          return;
      }
    });
    // A malformed packet leaves the parser lost in the stream: this connection ends, and the next
    // one starts clean (the broker sends again what was not acknowledged). Without a listener, the
    // parser's error would end the process.
    parser.on('error', (error: Error) => {
      log.warn({ err: error.message }, 'MQTT subscriber got a malformed packet; reconnecting');
      socket.destroy();
    });
    socket.on('data', (data: Buffer) => parser.parse(data));
    socket.on('error', (error) => {
      log.warn({ err: error.message }, 'MQTT subscriber connection problem');
      failed?.(error);
    });
    socket.on('close', () => {
      this.connected = false;
      if (this.ping) clearInterval(this.ping);
      if (!this.closed) setTimeout(() => this.open(), 1_000);
    });
  }

  private handle(packet: IPublishPacket, send: (packet: Packet) => void, generation: number): void {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    this.options.receive(packet.topic, payload).then(
      () => {
        // A PUBACK belongs to the connection that received the message.
        if (packet.qos > 0 && packet.messageId !== undefined && generation === this.generation) {
          send({ cmd: 'puback', messageId: packet.messageId });
        }
      },
      (error: unknown) => {
        // Not acknowledged: reconnecting makes the broker deliver it again.
        this.options.log.error({ err: error, topic: packet.topic }, 'storing a device message failed; reconnecting');
        this.socket?.destroy();
      },
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.ping) clearInterval(this.ping);
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    socket.write(mqttPacket.generate({ cmd: 'disconnect' }));
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 1_000).unref();
    });
  }
}
