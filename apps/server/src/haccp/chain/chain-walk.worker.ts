// The verifier's worker thread (chain-walker.ts): walks machines' chains page by page, off the
// thread that runs the database (PGlite runs on the main thread) and answers requests.
import { parentPort } from 'node:worker_threads';
import { ChainWalk } from './chain-walk';
import type { TWalkReply, TWalkRequest } from './chain-walker';

const walks = new Map<number, ChainWalk>();

function answer(request: TWalkRequest): unknown {
  switch (request.type) {
    case 'start':
      walks.set(request.walk, new ChainWalk(request.start));
      return null;
    case 'page': {
      const walk = walks.get(request.walk);
      if (!walk) throw new Error(`no walk ${request.walk}`);
      return walk.page(request.text);
    }
    case 'finish': {
      const walk = walks.get(request.walk);
      walks.delete(request.walk);
      if (!walk) throw new Error(`no walk ${request.walk}`);
      return walk.finish();
    }
    case 'abort':
      walks.delete(request.walk);
      return null;
  }
}

parentPort?.on('message', (request: TWalkRequest) => {
  let reply: TWalkReply;
  try {
    reply = { n: request.n, ok: true, value: answer(request) };
  } catch (error) {
    // A walk that failed is dropped: its outcome would be wrong.
    walks.delete(request.walk);
    reply = { n: request.n, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort?.postMessage(reply);
});
