// The verifier's worker thread (chain-walker.ts): walks machines' chains page by page, off the
// server's thread, which answers requests.
import { ChainWalk } from './chain-walk';
import { answerRequests } from '../../workers/worker-side';
import type { TWalkRequest } from './chain-walker';

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

// A walk that failed is dropped: its outcome would be wrong.
answerRequests<TWalkRequest>(answer, (request) => walks.delete(request.walk));
