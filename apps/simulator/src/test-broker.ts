import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { parseDeviceTopic } from '@washboard/contracts';

/** An embedded broker like the server's: devices log in with serial + secret and stay in their own topics. */
export type TTestBroker = {
  url: string;
  secrets: Map<string, string>;
  /** Connections to refuse next with 3 "server unavailable", as the server's broker does while it cannot check credentials. */
  unavailable: { next: number };
  /** Connection attempts per client id. */
  attempts: Map<string, number>;
  /** Drops a client's connection from the broker's side. */
  drop(clientId: string): void;
  close(): Promise<void>;
};

export async function startTestBroker(): Promise<TTestBroker> {
  const secrets = new Map<string, string>([['cloud', 'cloud-secret']]);
  const unavailable = { next: 0 };
  const attempts = new Map<string, number>();
  const aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      attempts.set(client.id, (attempts.get(client.id) ?? 0) + 1);
      if (unavailable.next > 0) {
        unavailable.next -= 1;
        return done(Object.assign(new Error('server unavailable'), { returnCode: 3 }) as AuthenticateError, false);
      }
      const ok = username === client.id && username !== undefined && secrets.get(username) === password?.toString();
      if (ok) return done(null, true);
      const error = Object.assign(new Error('bad credentials'), { returnCode: 4 }) as AuthenticateError;
      done(error, false);
    },
    authorizePublish: (client, packet, done) => {
      const own = client && (client.id === 'cloud' || parseDeviceTopic(packet.topic)?.serial === client.id);
      done(own ? null : new Error('not your topic'));
    },
  });
  const connected = new Map<string, Client>();
  aedes.on('client', (client) => connected.set(client.id, client));
  aedes.on('clientDisconnect', (client) => {
    if (connected.get(client.id) === client) connected.delete(client.id);
  });
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    secrets,
    unavailable,
    attempts,
    drop: (clientId) => {
      connected.get(clientId)?.close();
    },
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
