import { Worker } from 'node:worker_threads';
import type { TWalkOutcome, TWalkStart } from './chain-walk';

/** What the walker's thread is asked; `walk` names the walk it belongs to. */
type TWalkMessage = { walk: number } & (
  { type: 'start'; start: TWalkStart } | { type: 'page'; text: string } | { type: 'finish' } | { type: 'abort' }
);

/** A request to the walker's thread, numbered `n`. */
export type TWalkRequest = TWalkMessage & { n: number };

/** The thread's answer to request `n`. */
export type TWalkReply = { n: number; ok: true; value: unknown } | { n: number; ok: false; error: string };

/** One walk on the walker's thread: pages are sent in order, then its outcome asked for. */
export type TWalkHandle = {
  /** Walks the page (the database's JSON text); answers its last position (null: empty). */
  page(text: string): Promise<number | null>;
  /** What the walk found, after every page sent. */
  finish(): Promise<TWalkOutcome>;
  /** Drops the walk (the verification stopped). */
  abort(): void;
};

/**
 * The worker thread: the bundle's `dist/chain-walk.worker.js` (build.mjs), beside main.js — this
 * code is in main.js or in one of dist/chunks/ — or, running from the sources (tsx, vitest), the
 * TypeScript file beside this one, loaded through tsx (chain-walk.worker.dev.mjs).
 */
function startThread(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    return new Worker(new URL(here.includes('/chunks/') ? '../chain-walk.worker.js' : './chain-walk.worker.js', here));
  }
  return new Worker(new URL('./chain-walk.worker.dev.mjs', here));
}

/**
 * Walks machines' chains on a worker thread (docs/hygiene.md, "Verification"). Reading a page is
 * the database's work — on PGlite, on this thread — and walking it (parsing, canonical JSON,
 * SHA-256) is about as much again: on the worker the two overlap, the next page being read while
 * this one is walked. One thread for the process, started at the first walk and left idle between
 * walks without keeping the process alive; should it fail, the walks then under way fail and the
 * next one starts a new thread.
 */
export class ChainWalker {
  private current: TThread | undefined;
  private requests = 0;
  private walks = 0;

  start(start: TWalkStart): TWalkHandle {
    const walk = (this.walks += 1);
    // One thread for the whole walk: should it stop, the walk fails rather than go on elsewhere.
    const thread = this.thread();
    thread.request({ type: 'start', walk, start }).catch(() => {}); // the pages and the outcome fail with it
    return {
      page: (text) => thread.request({ type: 'page', walk, text }) as Promise<number | null>,
      finish: () => thread.request({ type: 'finish', walk }) as Promise<TWalkOutcome>,
      abort: () => {
        thread.request({ type: 'abort', walk }).catch(() => {});
      },
    };
  }

  /** Stops the thread (walks under way fail). */
  async close(): Promise<void> {
    const thread = this.current;
    this.current = undefined;
    await thread?.worker.terminate();
  }

  private thread(): TThread {
    if (this.current) return this.current;
    const worker = startThread();
    worker.unref();
    const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    let stopped: Error | undefined;
    const settle = (n: number) => {
      const waiting = pending.get(n);
      pending.delete(n);
      if (pending.size === 0) worker.unref();
      return waiting;
    };
    const thread: TThread = {
      worker,
      request: (request) => {
        if (stopped) return Promise.reject(stopped);
        const n = (this.requests += 1);
        return new Promise((resolve, reject) => {
          // Waiting for the thread keeps the process alive; an idle thread does not.
          if (pending.size === 0) worker.ref();
          pending.set(n, { resolve, reject });
          worker.postMessage({ ...request, n });
        });
      },
    };
    worker.on('message', (reply: TWalkReply) => {
      const waiting = settle(reply.n);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(new Error(`chain walk: ${reply.error}`));
    });
    const fail = (error: Error) => {
      stopped ??= error;
      if (this.current === thread) this.current = undefined;
      for (const n of [...pending.keys()]) settle(n)?.reject(stopped);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the chain walker's thread stopped (exit code ${code})`)));
    this.current = thread;
    return thread;
  }
}

/** A running walker thread and how to ask it. */
type TThread = { worker: Worker; request: (request: TWalkMessage) => Promise<unknown> };
