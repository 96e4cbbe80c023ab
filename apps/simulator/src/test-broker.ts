import net from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import { parseDeviceTopic } from '@washboard/contracts';

/** An embedded broker like the server's: devices log in with serial + secret and stay in their own topics. */
export type TTestBroker = { url: string; secrets: Map<string, string>; close(): Promise<void> };

export async function startTestBroker(): Promise<TTestBroker> {
  const secrets = new Map<string, string>([['cloud', 'cloud-secret']]);
  const aedes = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
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
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    secrets,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
