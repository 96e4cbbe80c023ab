import type {} from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import {
  LIVE_CLOSE_REAUTHENTICATE,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_PATH,
  ZLiveWatch,
  type TLiveControl,
  type TLiveReauthenticateReason,
} from '@washboard/contracts';
import { callerOf } from '../auth/auth.hook';
import type { TokenService } from '../auth/token.service';
import type { LiveHub, TLiveClient } from './live.hub';

type TOptions = { hub: LiveHub; tokens: TokenService; clients: Record<string, string> };

const AUTH_TIMEOUT_MS = 5_000;

/**
 * The push channel (WebSocket). Browsers cannot set headers on a WebSocket, and a token in the URL
 * ends up in logs, so the first message authenticates: `{type:"auth", token, brand, subscriptionKey}`.
 * Then the browser may say which machines its page shows (`{type:"watch", serials}`): their values
 * (telemetry) reach it, the other machines' not.
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
        let hello: { type?: unknown; token?: unknown; brand?: unknown; subscriptionKey?: unknown };
        try {
          hello = JSON.parse(String(raw)) as typeof hello;
        } catch {
          return refuse('UNAUTHORIZED');
        }
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
        // A socket lives no longer than the token that opened it: the browser comes back with a fresh one.
        expiry = setTimeout(() => reauthenticate('TOKEN_EXPIRED'), Math.max(0, user.expiresAt - Date.now()));
        await hub.add(client);
        if (socket.readyState === socket.OPEN) {
          socket.on('message', (data: Buffer) => watch(data));
          control({ type: 'ready' });
        } else hub.remove(client);
      })();
    });
    // After `ready`, a browser says which machines its page shows (`watch`); anything else is
    // refused with an error, changing nothing.
    const watch = (data: Buffer) => {
      if (!client) return;
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        message = undefined;
      }
      const parsed = ZLiveWatch.safeParse(message);
      if (parsed.success) hub.watch(client, parsed.data.serials);
      else control({ type: 'error', code: 'BAD_MESSAGE' });
    };
    socket.on('close', () => {
      clearTimeout(timer);
      clearTimeout(expiry);
      if (client) hub.remove(client);
    });
  });
};

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
