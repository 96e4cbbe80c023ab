import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactUrl, serverLogging, SLOW_REQUEST_MS } from './logger';

/** A Fastify with the server's logging at `level`, writing its lines into `lines`. */
function loggedApp(level: string, lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const logging = serverLogging(level);
  return Fastify({ ...logging, logger: { ...(logging.logger as object), stream } });
}

describe('request lines', () => {
  it('are not written at info: only what a route logs, with its request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = loggedApp('info', lines);
    app.get('/quiet', async () => ({}));
    app.get('/says', async (request) => {
      request.log.info('something worth saying');
      return {};
    });
    await app.inject({ url: '/quiet' });
    await app.inject({ url: '/says' });
    await app.close();
    expect(lines.map((l) => l.msg)).toEqual(['something worth saying']);
    expect(lines[0]?.reqId).toBeDefined();
  });

  it('are written at debug, and a slow request is a warning at any level', async () => {
    const lines: Record<string, unknown>[] = [];
    const debug = loggedApp('debug', lines);
    debug.get('/x', async () => ({}));
    await debug.inject({ url: '/x' });
    await debug.close();
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);

    lines.length = 0;
    const warn = loggedApp('warn', lines);
    warn.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
      return {};
    });
    warn.get('/fast', async () => ({}));
    await warn.inject({ url: '/fast' });
    await warn.inject({ url: '/slow?token=secret-token' });
    await warn.close();
    expect(lines.map((l) => l.msg)).toEqual(['slow request']);
    expect(JSON.stringify(lines)).toContain('/slow');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});

describe('logs', () => {
  it('write an error given as a message as it is', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = loggedApp('info', lines);
    await app.ready();
    app.log.warn({ job: 7, err: 'SMTP refused the mail' }, 'job failed; will retry');
    app.log.error({ err: new Error('boom') }, 'job pass failed');
    await app.close();
    expect(lines.find((l) => l.msg === 'job failed; will retry')).toMatchObject({ job: 7, err: 'SMTP refused the mail' });
    expect(lines.find((l) => l.msg === 'job pass failed')).toMatchObject({ err: { type: 'Error', message: 'boom' } });
  });

  it('hide tokens, codes and e-mails in query strings', () => {
    expect(redactUrl('/changepassword?token=abc123&email=a%40b.it')).toBe('/changepassword?token=[redacted]&email=[redacted]');
    expect(redactUrl('/api/v2/account/email-verification/checkVerificationCode?code=1234&mail=x')).not.toMatch(/1234/);
    expect(redactUrl('/api/v1/appliance/getDataModel?revision=2')).toBe('/api/v1/appliance/getDataModel?revision=2');
  });

  it('never write authorization, subscription key or password headers', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logging = serverLogging('info');
    const app = Fastify({ ...logging, logger: { ...(logging.logger as object), stream } });
    app.get('/x', async (request) => {
      request.log.info({ req: request }, 'incoming with headers');
      return {};
    });
    await app.inject({
      url: '/x?token=secret-token',
      headers: { authorization: 'Bearer secret-jwt', 'x-subscription-key': 'secret-key', newpassword: 'Secret123' },
    });
    await app.close();
    const all = lines.join('');
    expect(all).toContain('incoming with headers');
    for (const secret of ['secret-token', 'secret-jwt', 'secret-key', 'Secret123']) expect(all).not.toContain(secret);
  });
});
