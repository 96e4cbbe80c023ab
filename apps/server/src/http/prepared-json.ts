import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';

/** Smaller answers go out as they are: gzip saves little on them and costs a call. */
export const GZIP_MIN_BYTES = 1024;

/** The most Accept-Encoding texts whose answer is kept: browsers send a handful. */
export const ENCODINGS_KEPT = 64;

/**
 * A map that keeps at most `ENCODINGS_KEPT` entries, starting again when full: a caller sending
 * another header text on every request would otherwise grow it without end.
 */
export class BoundedCache<V> extends Map<string, V> {
  override set(key: string, value: V): this {
    if (this.size >= ENCODINGS_KEPT && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}

/** The client's Accept-Encoding against what we send; the answers of the header texts seen lately are kept. */
const encodings = new Negotiator<'gzip' | 'identity'>({ supportedValues: ['gzip', 'identity'], cache: new BoundedCache() });

/** gzip of answers serialised once and kept by a read cache: made on first demand, dropped with the answer. */
const gzipped = new WeakMap<Buffer, Buffer>();

/**
 * Sends JSON the service serialised (and keeps while it holds), gzipped once if the client accepts
 * gzip and the answer is large: a device list page of 50 machines is 15 KB as JSON and about 2 KB
 * gzipped, which every browser accepts; the bytes, not the work, were most of its cost.
 */
export function sendPreparedJson(request: FastifyRequest, reply: FastifyReply, json: Buffer): void {
  void reply.type('application/json; charset=utf-8');
  if (json.length < GZIP_MIN_BYTES) {
    void reply.send(json);
    return;
  }
  void reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  if (!accepted || encodings.negotiate(accepted) !== 'gzip') {
    void reply.send(json);
    return;
  }
  let body = gzipped.get(json);
  if (!body) gzipped.set(json, (body = gzipSync(json)));
  void reply.header('content-encoding', 'gzip').send(body);
}
