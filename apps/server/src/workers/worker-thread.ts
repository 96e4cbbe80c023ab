import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The thread's answer to request `n`. */
export type TWorkerReply = { n: number; ok: true; value: unknown } | { n: number; ok: false; error: string };

/** A running thread and how to ask it. */
export type TThread<M> = { worker: Worker; request: (message: M) => Promise<unknown> };

/**
 * Starts a worker thread: the bundle's `dist/<bundled>` (an entry of build.mjs, beside main.js —
 * this code is in main.js or in one of dist/chunks/) or, running from the sources (tsx, vitest),
 * `source`: a TypeScript file is loaded through tsx (worker.dev.mjs), since a worker does not inherit
 * the process's loader.
 */
export function startWorker(bundled: string, source: URL, options: WorkerOptions = {}): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`${here.includes('/chunks/') ? '../' : './'}${bundled}`, here), options);
  // A thread written in plain JavaScript (pglite.worker.mjs) needs no loader.
  if (source.pathname.endsWith('.mjs')) return new Worker(source, options);
  return new Worker(new URL('./worker.dev.mjs', here), { ...options, argv: [source.href] });
}

/**
 * One worker thread for the process, asked by numbered requests: started at the first request,
 * left idle between requests without keeping the process alive; should it fail, the requests then
 * under way fail and the next one starts a new thread.
 */
export class LazyWorker<M extends object> {
  private current: TThread<M> | undefined;
  private requests = 0;

  constructor(
    /** says which thread stopped, in the errors of the requests it leaves */
    private readonly label: string,
    private readonly start: () => Worker,
  ) {}

  /** Asks the running thread (started now if none is). */
  request(message: M): Promise<unknown> {
    return this.thread().request(message);
  }

  /** The running thread, started now if none is: requests that must all go to one thread keep it. */
  thread(): TThread<M> {
    if (this.current) return this.current;
    const worker = this.start();
    worker.unref();
    const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
    let stopped: Error | undefined;
    const settle = (n: number) => {
      const waiting = pending.get(n);
      pending.delete(n);
      if (pending.size === 0) worker.unref();
      return waiting;
    };
    const thread: TThread<M> = {
      worker,
      request: (message) => {
        if (stopped) return Promise.reject(stopped);
        const n = (this.requests += 1);
        return new Promise((resolve, reject) => {
          // Waiting for the thread keeps the process alive; an idle thread does not.
          if (pending.size === 0) worker.ref();
          pending.set(n, { resolve, reject });
          worker.postMessage({ ...message, n });
        });
      },
    };
    worker.on('message', (reply: TWorkerReply) => {
      const waiting = settle(reply.n);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(new Error(`${this.label}: ${reply.error}`));
    });
    const fail = (error: Error) => {
      stopped ??= error;
      if (this.current === thread) this.current = undefined;
      for (const n of [...pending.keys()]) settle(n)?.reject(stopped);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the ${this.label} thread stopped (exit code ${code})`)));
    this.current = thread;
    return thread;
  }

  /** Stops the thread (requests under way fail). */
  async close(): Promise<void> {
    const thread = this.current;
    this.current = undefined;
    await thread?.worker.terminate();
  }
}
