import net from 'node:net';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import { isAddressInUse, StartupError } from '../startup-error';

export type TBroker = {
  kind: 'embedded' | 'external';
  /** Where devices connect, for logs and the operations page (never with credentials). */
  url: string;
  /** Port of the embedded broker (useful when 0 asked for a free one). */
  port?: number;
  isReady(): boolean;
  close(): Promise<void>;
};

/** Starts the embedded aedes broker on `port`, or connects to the external broker at `url`. */
export async function startBroker(options: {
  url?: string;
  port: number;
  host?: string;
  log: FastifyBaseLogger;
}): Promise<TBroker> {
  return options.url ? connectExternal(options.url, options.log) : startEmbedded(options.port, options.host, options.log);
}

async function startEmbedded(port: number, host: string | undefined, log: FastifyBaseLogger): Promise<TBroker> {
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ port, host }, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
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
  const actualPort = typeof address === 'object' && address ? address.port : port;
  aedes.on('clientError', (client, error) => log.debug({ clientId: client.id, err: error.message }, 'mqtt client error'));
  log.info({ port: actualPort }, 'embedded MQTT broker listening');
  return {
    kind: 'embedded',
    url: `mqtt://localhost:${actualPort}`,
    port: actualPort,
    isReady: () => server.listening && !aedes.closed,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function connectExternal(url: string, log: FastifyBaseLogger): Promise<TBroker> {
  let client: MqttClient;
  try {
    client = await mqtt.connectAsync(url, {
      clientId: `washboard-server-${process.pid}-${Math.random().toString(16).slice(2, 8)}`,
      connectTimeout: 5_000,
      reconnectPeriod: 2_000,
      clean: true,
    });
  } catch (error) {
    throw new StartupError(
      `Cannot connect to the MQTT broker at ${redact(url)} (${error instanceof Error ? error.message : String(error)}). ` +
        'Check MQTT_URL, or unset it to use the embedded broker.',
      { cause: error },
    );
  }
  client.on('offline', () => log.warn('MQTT broker connection lost; reconnecting'));
  client.on('connect', () => log.info('MQTT broker connected'));
  log.info({ url: redact(url) }, 'connected to external MQTT broker');
  return {
    kind: 'external',
    url: redact(url),
    isReady: () => client.connected,
    close: () => client.endAsync(),
  };
}
