import { LazyWorker, startWorker } from '../../workers/worker-thread';
import type { TWalkOutcome, TWalkStart } from './chain-walk';

/** What the walker's thread is asked; `walk` names the walk it belongs to. */
type TWalkMessage = { walk: number } & (
  { type: 'start'; start: TWalkStart } | { type: 'page'; text: string } | { type: 'finish' } | { type: 'abort' }
);

/** A request to the walker's thread, numbered `n`. */
export type TWalkRequest = TWalkMessage & { n: number };

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
 * Walks machines' chains on a worker thread (docs/hygiene.md, "Verification"). Reading a page is
 * the database's work — on PGlite, on the database's thread — and walking it (parsing, canonical JSON,
 * SHA-256) is about as much again: on the worker the two overlap, the next page being read while
 * this one is walked. One thread for the process, started at the first walk and left idle between
 * walks without keeping the process alive; should it fail, the walks then under way fail and the
 * next one starts a new thread.
 */
export class ChainWalker {
  private readonly worker = new LazyWorker<TWalkMessage>('chain walk', () =>
    startWorker('chain-walk.worker.js', new URL('./chain-walk.worker.ts', import.meta.url)),
  );
  private walks = 0;

  start(start: TWalkStart): TWalkHandle {
    const walk = (this.walks += 1);
    // One thread for the whole walk: should it stop, the walk fails rather than go on elsewhere.
    const thread = this.worker.thread();
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
  close(): Promise<void> {
    return this.worker.close();
  }
}
