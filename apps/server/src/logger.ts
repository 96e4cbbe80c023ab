import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/** Query parameters whose values never reach a log line. */
const SECRET_QUERY = /([?&](?:token|code|password|refresh_token|access_token|verificationcode|newpassword|mail|email)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/**
 * pino's error serializer, without the values of failed queries: Drizzle puts a query's parameters
 * (password hashes, e-mails, tokens' hashes, whatever a user sent) into the error's message and
 * `params`. The SQL text and the database's own error stay, for diagnosis.
 */
export function serializeError(error: Error): TSerializedError {
  return withoutQueryParams(error, stdSerializers.err(error) as TSerializedError);
}

type TSerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

function withoutQueryParams(error: Error, serialized: TSerializedError, depth = 0): TSerializedError {
  if (depth > 5) return serialized;
  const out: TSerializedError = { ...serialized };
  const query = (error as { query?: unknown }).query;
  if ('params' in error && typeof query === 'string') {
    delete out.params;
    out.message = `Failed query: ${query}`;
    out.stack = out.stack.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');
  }
  if (error.cause instanceof Error && out.cause && typeof out.cause === 'object') {
    out.cause = withoutQueryParams(error.cause, out.cause as TSerializedError, depth + 1);
  }
  return out;
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
      err: serializeError,
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
