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
