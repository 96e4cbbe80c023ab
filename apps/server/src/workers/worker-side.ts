import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { TWorkerReply } from './worker-thread';

/**
 * The worker thread's side of LazyWorker: answers each numbered request with `answer`'s value, or
 * with its error (after `failed`, which may drop what the request belonged to).
 */
export function answerRequests<R extends { n: number }>(
  answer: (request: R) => unknown,
  failed: (request: R) => void = () => {},
): void {
  parentPort?.on('message', (request: R) => {
    void (async () => {
      let reply: TWorkerReply;
      try {
        reply = { n: request.n, ok: true, value: await answer(request) };
      } catch (error) {
        failed(request);
        reply = { n: request.n, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      }
      parentPort?.postMessage(reply);
    })();
  });
}

/**
 * Gives this thread a lower scheduling priority (a higher nice value): batch work on it takes the
 * cores the main thread leaves idle, and yields them whenever a request needs one. Linux only
 * (`/proc/thread-self` names the thread); elsewhere, or where it is refused, the thread keeps the
 * process's priority.
 */
export function yieldToRequests(nice = 10): void {
  try {
    const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(thread)) setPriority(thread, nice);
  } catch {
    // Not Linux, or not allowed: the thread runs at the process's priority.
  }
}
