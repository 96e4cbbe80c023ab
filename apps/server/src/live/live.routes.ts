import type {} from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import {
  LIVE_CLOSE_REAUTHENTICATE,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_PATH,
  ZLiveWatch,
  ZLiveWatchedSerials,
  type TLiveControl,
  type TLiveReauthenticateReason,
} from '@washboard/contracts';
import { callerOf } from '../auth/auth.hook';
import type { TokenService } from '../auth/token.service';
import type { LiveHub, TLiveClient } from './live.hub';

type TOptions = { hub: LiveHub; tokens: TokenService; clients: Record<string, string> };

const AUTH_TIMEOUT_MS = 5_000;
/** More messages than this in a second close the socket (a page says what it shows a few times a second at most). */
const MESSAGES_PER_SECOND = 20;
/** The close code of a socket that sent too much (RFC 6455: policy violation); the browser opens another. */
const CLOSE_POLICY_VIOLATION = 1008;

/**
 * The push channel (WebSocket). Browsers cannot set headers on a WebSocket, and a token in the URL
 * ends up in logs, so the first message authenticates: `{type:"auth", token, brand, subscriptionKey,
 * serials?}`. The browser says which machines its page shows (`serials` there, then `{type:"watch",
 * serials}` whenever that changes): their values (telemetry) reach it, the other machines' not.
 */
export const liveRoutes: FastifyPluginAsync<TOptions> = async (app, { hub, tokens, clients }) => {
  app.get(LIVE_PATH, { websocket: true, config: { rateLimit: false }, schema: { hide: true } }, (socket) => {
    let client: TLiveClient | undefined;
    let expiry: NodeJS.Timeout | undefined;
    const control = (message: TLiveControl) => socket.send(JSON.stringify(message));
    const refuse = (code: 'UNAUTHORIZED' | 'AUTH_TIMEOUT') => {
      control({ type: 'error', code });
      socket.close(LIVE_CLOSE_UNAUTHORIZED, code);
    };
    const reauthenticate = (code: TLiveReauthenticateReason) => {
      if (socket.readyState !== socket.OPEN) return;
      control({ type: 'error', code });
      socket.close(LIVE_CLOSE_REAUTHENTICATE, code);
    };
    const timer = setTimeout(() => refuse('AUTH_TIMEOUT'), AUTH_TIMEOUT_MS);
    socket.once('message', (raw: Buffer) => {
      clearTimeout(timer);
      void (async () => {
        const hello = parsed(raw) as
          { type?: unknown; token?: unknown; brand?: unknown; subscriptionKey?: unknown; serials?: unknown } | undefined;
        if (typeof hello !== 'object' || hello === null) return refuse('UNAUTHORIZED');
        const user = hello.type === 'auth' ? await callerOf(tokens, clients, hello) : undefined;
        if (!user) return refuse('UNAUTHORIZED');
        // ws keeps the TCP socket as `_socket` (ws 8).
        const coalesce = coalescedWrites((socket as unknown as { _socket?: unknown })._socket);
        client = {
          user,
          serials: new Set(),
          send: (data) => {
            // A browser that cannot keep up is dropped rather than buffered without end.
            if (socket.bufferedAmount > 4 * 1024 * 1024) socket.terminate();
            else {
              coalesce();
              socket.send(data);
            }
          },
          close: reauthenticate,
        };
        // What the page shows, from the first message on: a new socket (each reconnect, each token
        // renewal) never gets every machine's values until its first watch.
        const shown = hello.serials === undefined ? undefined : ZLiveWatchedSerials.safeParse(hello.serials);
        if (shown?.success && shown.data !== null) client.watching = new Set(shown.data);
        // A socket lives no longer than the token that opened it: the browser comes back with a fresh one.
        expiry = setTimeout(() => reauthenticate('TOKEN_EXPIRED'), Math.max(0, user.expiresAt - Date.now()));
        await hub.add(client);
        if (socket.readyState === socket.OPEN) {
          socket.on('message', (data: Buffer) => watch(data));
          control({ type: 'ready' });
          if (shown && !shown.success) control({ type: 'error', code: 'BAD_MESSAGE' });
        } else hub.remove(client);
      })().catch((error: unknown) => {
        // Never an unhandled rejection, which would end the process: this socket ends instead.
        app.log.error({ err: error }, 'push channel: a connection failed');
        if (client) hub.remove(client);
        socket.terminate();
      });
    });
    // After `ready`, a browser says which machines its page shows (`watch`); anything else is
    // refused with an error, changing nothing.
    let second = 0;
    let messages = 0;
    const watch = (data: Buffer) => {
      if (!client) return;
      const now = Math.floor(Date.now() / 1000);
      messages = now === second ? messages + 1 : 1;
      second = now;
      if (messages > MESSAGES_PER_SECOND) return socket.close(CLOSE_POLICY_VIOLATION, 'TOO_MANY_MESSAGES');
      const message = ZLiveWatch.safeParse(parsed(data));
      if (message.success) hub.watch(client, message.data.serials);
      else control({ type: 'error', code: 'BAD_MESSAGE' });
    };
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(expiry);
      if (client) hub.remove(client);
    });
  });
};

/** A socket message's JSON; `undefined` if it is none. */
function parsed(raw: Buffer): unknown {
  try {
    return JSON.parse(String(raw)) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Holds a connection's frames until the end of the event-loop turn, then writes them with one
 * system call: a busy fleet sends a browser thousands of frames a second, and one write per frame
 * cost more of the server's time than everything else on the push path. The frames are unchanged
 * (one message each); they leave within the same turn.
 */
function coalescedWrites(tcp: unknown): () => void {
  const raw = tcp as { cork?: () => void; uncork?: () => void } | undefined;
  if (typeof raw?.cork !== 'function' || typeof raw.uncork !== 'function') return () => {};
  let corked = false;
  return () => {
    if (corked) return;
    corked = true;
    raw.cork?.();
    setImmediate(() => {
      corked = false;
      raw.uncork?.();
    });
  };
}
