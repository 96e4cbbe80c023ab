import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

type TRequestContext = { requestId: string };

const context = new AsyncLocalStorage<TRequestContext>();

/**
 * Makes the request id known to whatever the route calls, without passing it down every service
 * (the audit trail records it, so a record can be matched with the request's log lines). Entered in
 * preValidation: by then the body has been read, whose stream events would leave an earlier context.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => context.run({ requestId: request.id }, done));
}

/** The id of the HTTP request being handled; undefined outside one (the gateway, the demo, start-up). */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
