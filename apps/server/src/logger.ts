import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach a log line. */
const SECRET_QUERY = /([?&](?:token|code|password|refresh_token|access_token|verificationcode|newpassword|mail|email)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** pino with tokens, passwords, codes and keys redacted wherever they could appear. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-subscription-key"]',
        'req.headers.verificationcode',
        'req.headers.newpassword',
        'req.headers.cookie',
        '*.password',
        '*.refresh_token',
        '*.access_token',
        '*.deviceSecret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; hostname?: string; ip?: string; headers: Record<string, unknown> }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
          brand: request.headers['x-brand'],
        };
      },
    },
  };
}
