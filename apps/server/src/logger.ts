import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { stdSerializers, type Bindings, type ChildLoggerOptions, type LogFn, type Logger } from 'pino';

/** A request that takes this long is logged at warn whatever the level of request lines. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * Request lines at debug, not Fastify's info: at info every call wrote two lines (22,721 lines in
 * 40 minutes of a demo, the start's own messages lost among them), and even unwritten they cost a
 * sixth of a small read (the request object handed to pino's redaction). Errors keep Fastify's
 * levels (5xx at error, 4xx at info); a slow request is a warning.
 */
const debugging = (log: unknown) => (log as Logger).isLevelEnabled('debug');

export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (debugging(request.log)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (reply.elapsedTime >= SLOW_REQUEST_MS)
      reply.log.warn({ req: reply.request, res: reply, responseTime: reply.elapsedTime }, 'slow request');
    else if (debugging(reply.log)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

type TLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger, made when the request first writes a line: pino builds a child's bindings
 * through the redaction (its `*.password` paths), a twentieth of a small read, and most requests
 * never log anything.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return ((this.made ?? this.parent) as Logger).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  private line(level: TLevel, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.logger[level] as (...a: unknown[]) => void)(...args);
  }

  fatal = ((...args: unknown[]) => this.line('fatal', args)) as LogFn;
  error = ((...args: unknown[]) => this.line('error', args)) as LogFn;
  warn = ((...args: unknown[]) => this.line('warn', args)) as LogFn;
  info = ((...args: unknown[]) => this.line('info', args)) as LogFn;
  debug = ((...args: unknown[]) => this.line('debug', args)) as LogFn;
  trace = ((...args: unknown[]) => this.line('trace', args)) as LogFn;
  silent = (() => undefined) as LogFn;
}

/** Fastify's `childLoggerFactory`: the request's logger, made lazily unless the route sets its own options. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  if (Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings) as unknown as FastifyBaseLogger;
}

/** Query parameters whose values never reach a log line. */
const SECRET_QUERY = /([?&](?:token|code|password|refresh_token|access_token|verificationcode|newpassword|mail|email)=)[^&#]*/gi;

/** Path segments that are secrets: an inspector link's token (its page and its API call). */
const SECRET_PATH = /(\/inspect\/)[^/?#]+/g;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');
}

/**
 * pino's error serializer, without the values of failed queries: Drizzle puts a query's parameters
 * (password hashes, e-mails, tokens' hashes, whatever a user sent) into the error's message and
 * `params`. The SQL text and the database's own error stay, for diagnosis.
 */
export function serializeError(error: Error): TSerializedError {
  // A line may give `err` as a message (a job's failure, for one), whatever the types say: written as it is.
  if (!((error as unknown) instanceof Error)) return error as unknown as TSerializedError;
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

/**
 * The server's logging: pino with redaction, request lines at debug (slow ones at warn), and each
 * request's logger made only when it logs.
 */
export function serverLogging(level: string): Pick<FastifyServerOptions, 'logger' | 'logController' | 'childLoggerFactory'> {
  return { logger: loggerOptions(level), logController: new RequestLogController(), childLoggerFactory: requestLogger };
}
