import {
  LIVE_CLOSE_REAUTHENTICATE,
  LIVE_CLOSE_UNAUTHORIZED,
  LIVE_PATH,
  type TLiveControl,
  type TLiveMessage,
  type TLiveWatch,
} from '@washboard/contracts';
import { apiCredentials } from '../../api/api-client';
import { renewSession } from '../../session/session-keeper';
import { sessionStore } from '../../session/session-store';
import { pushLog } from './push-log';

/**
 * The push channel (`/api/v1/live`): one WebSocket for the signed-in session, opened while someone
 * listens. A browser cannot put headers on a WebSocket, so the first message carries the access
 * token, brand and subscription key. A dropped socket is reopened with capped backoff; a refused
 * token waits for the next token refresh; when the server asks for authentication again (the token
 * expired, the user's rights changed) the tokens are renewed at once and the socket reopens with
 * them, or the session ends if the server refuses; sign-out closes it.
 */

type TListener = (message: TLiveMessage) => void;
/** `resumed`: the channel was ready before, so pushes may have been missed in between. */
type TReadyListener = (resumed: boolean) => void;

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/** Unsubscribe-then-subscribe (a re-render, StrictMode) must not cost a reconnect. */
const STOP_GRACE_MS = 1_000;

const listeners = new Set<TListener>();
const readyListeners = new Set<TReadyListener>();
let socket: WebSocket | undefined;
let ready = false;
let everReady = false;
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let stopTimer: ReturnType<typeof setTimeout> | undefined;
let unwatchSession: (() => void) | undefined;
/** The machines the screens show, as last told (`watch`), sent again each time the channel is ready; none yet: every machine. */
let watching: TLiveWatch['serials'] | undefined;
/** What the open socket was last told of them (its `auth` message carries the first), as JSON. */
let told: string | undefined;

function liveUrl(apiBase: string): string {
  const url = new URL(`${apiBase}${LIVE_PATH}`, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

function isMessage(value: unknown): value is TLiveMessage | TLiveControl {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function clearRetry(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
}

function scheduleRetry(delay: number): void {
  clearRetry();
  retryTimer = setTimeout(connect, delay);
}

/** 1 s, 2 s, 4 s … capped at 30 s, with jitter so a restarted server is not hit by every tab at once. */
function backoff(): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  attempt += 1;
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/** Tells the server which machines' values to send, when the channel is ready. */
function sendWatch(): void {
  if (watching === undefined || !ready || socket?.readyState !== WebSocket.OPEN) return;
  const serials = JSON.stringify(watching);
  if (serials === told) return;
  told = serials;
  socket.send(JSON.stringify({ type: 'watch', serials: watching } satisfies TLiveWatch));
}

function handle(ws: WebSocket, data: unknown): void {
  if (typeof data !== 'string') return;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return;
  }
  if (!isMessage(message) || ws !== socket) return;
  if (message.type === 'ready') {
    ready = true;
    attempt = 0;
    const resumed = everReady;
    everReady = true;
    sendWatch();
    pushLog.ready();
    for (const listener of readyListeners) listener(resumed);
    return;
  }
  // A refused token or session: the close that follows says what to do. A refused message: none
  // is sent that the server refuses (shown-machines.ts keeps to serial numbers).
  if (message.type === 'error') return;
  pushLog.add(message);
  for (const listener of listeners) listener(message);
}

function connect(): void {
  clearRetry();
  if (socket || listeners.size === 0 || !sessionStore.snapshot().userData) return;
  const { apiBase, brand, subscriptionKey, accessToken } = apiCredentials();
  if (!accessToken) return;
  const ws = new WebSocket(liveUrl(apiBase));
  socket = ws;
  ready = false;
  ws.onopen = () => {
    // The freshest token at the moment the socket opens, not the one of the attempt.
    const token = apiCredentials().accessToken ?? accessToken;
    // With the machines the screens show, so that the new socket never gets every machine's values.
    told = watching === undefined ? undefined : JSON.stringify(watching);
    ws.send(JSON.stringify({ type: 'auth', token, brand, subscriptionKey, serials: watching }));
  };
  ws.onmessage = (event: MessageEvent) => handle(ws, event.data);
  ws.onclose = (event: CloseEvent) => {
    if (ws !== socket) return;
    socket = undefined;
    ready = false;
    if (listeners.size === 0 || !sessionStore.snapshot().userData) return;
    if (event.code === LIVE_CLOSE_REAUTHENTICATE) {
      // New tokens reopen the socket (onTokens); the backoff retry covers a renewal that changed nothing.
      scheduleRetry(backoff());
      void renewSession().then((renewed) => {
        if (!renewed) sessionStore.clear();
      });
      return;
    }
    // A refused token is retried when the token is refreshed (see onTokens), or after the longest wait.
    scheduleRetry(event.code === LIVE_CLOSE_UNAUTHORIZED ? MAX_RETRY_MS : backoff());
  };
}

function disconnect(): void {
  clearRetry();
  const ws = socket;
  socket = undefined;
  ready = false;
  everReady = false;
  attempt = 0;
  if (ws && ws.readyState !== WebSocket.CLOSED) ws.close(1000);
}

/** New tokens: a channel that is not authenticated (refused, waiting to retry) tries again now. */
function onTokens(): void {
  if (listeners.size === 0 || ready) return;
  if (socket && socket.readyState === WebSocket.CONNECTING) return;
  if (socket) {
    const stale = socket;
    socket = undefined;
    stale.close(1000);
  }
  attempt = 0;
  connect();
}

function onSession(): void {
  if (!sessionStore.snapshot().userData) disconnect();
  else if (listeners.size > 0 && !socket && !retryTimer) connect();
}

function start(): void {
  if (stopTimer) clearTimeout(stopTimer);
  stopTimer = undefined;
  if (!unwatchSession) {
    const unwatchUser = sessionStore.subscribe(onSession);
    const unwatchTokens = sessionStore.subscribeTokens(onTokens);
    unwatchSession = () => {
      unwatchUser();
      unwatchTokens();
    };
  }
  if (!socket && !retryTimer) connect();
}

function stopSoon(): void {
  if (stopTimer) clearTimeout(stopTimer);
  stopTimer = setTimeout(() => {
    stopTimer = undefined;
    if (listeners.size > 0) return;
    disconnect();
    unwatchSession?.();
    unwatchSession = undefined;
  }, STOP_GRACE_MS);
}

export const liveChannel = {
  /** Receives every push; the channel is open while at least one listener is subscribed. */
  subscribe(listener: TListener): () => void {
    listeners.add(listener);
    start();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) stopSoon();
    };
  },
  /** Called each time the server accepted the channel (`resumed` after a reconnect). */
  onReady(listener: TReadyListener): () => void {
    readyListeners.add(listener);
    return () => readyListeners.delete(listener);
  },
  isReady(): boolean {
    return ready;
  },
  /** The machines whose values (telemetry) the screens show, sorted (`null`: every machine the user may see). */
  watch(serials: TLiveWatch['serials']): void {
    watching = serials;
    sendWatch();
  },
};
