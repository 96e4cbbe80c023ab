import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger';

describe('logs', () => {
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
    const options = loggerOptions('info') as object;
    const app = Fastify({ logger: { ...options, stream } });
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
