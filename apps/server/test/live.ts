import WebSocket from 'ws';
import type { TLiveControl, TLiveMessage } from '@washboard/contracts';
import type { TTestServer } from './harness';

export type TLiveSocket = {
  messages: TLiveMessage[];
  /** The codes of the errors the server answered messages with. */
  errors: string[];
  socket: WebSocket;
  /** Settles when the server closes the socket, with its close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
};

/**
 * Opens the push channel with the headers of a signed-in user (and `hello`'s members in the first
 * message, such as the machines shown); resolves once the server says `ready`.
 */
export function openLive(
  server: TTestServer,
  headers: Record<string, string>,
  brand = 'LUMINA',
  hello: Record<string, unknown> = {},
): Promise<TLiveSocket> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/live`);
  const messages: TLiveMessage[] = [];
  const errors: string[] = [];
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })),
  );
  return new Promise((resolve, reject) => {
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'auth',
          token: (headers.authorization ?? '').slice(7),
          brand,
          subscriptionKey: headers['x-subscription-key'],
          ...hello,
        }),
      ),
    );
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as TLiveMessage | TLiveControl;
      if (message.type === 'ready') resolve({ messages, errors, socket, closed });
      else if (message.type === 'error') errors.push(message.code);
      else messages.push(message);
    });
    void closed.then(({ code }) => reject(new Error(`closed ${code}`)));
  });
}
