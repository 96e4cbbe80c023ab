import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { apiErrorKey, apiErrorStatus, type TServerErrorCode } from '@washboard/contracts';
import { BrokerNotAnswering } from './gateway/broker-not-answering';
import { languageFromHeader, translate } from './i18n/translate';

/**
 * The one error type of the server: a stable code of the registry (`API_ERRORS` in contracts,
 * which also gives its HTTP status and its catalogue text) and optional interpolation values.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: TServerErrorCode,
    readonly params: Record<string, string | number> = {},
    /** More of the answer beside `code` and `message` (an import's refused rows). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'AppError';
    this.status = apiErrorStatus(code);
  }
}

/** The code of a framework error's 4xx status, where it has one of its own. */
const statusCodes: Partial<Record<number, TServerErrorCode>> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** The registry's error for anything thrown; a framework 4xx keeps its own status. */
function asAppError(error: FastifyError | AppError, request: FastifyRequest): { answer: AppError; status?: number } {
  if (error instanceof AppError) return { answer: error };
  if (error instanceof BrokerNotAnswering) {
    request.log.warn({ err: error }, 'the MQTT broker did not confirm a device identity in time');
    return { answer: new AppError('BROKER_NOT_ANSWERING') };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = error.validationContext ?? 'body';
    const fields = [...new Set(error.validation.map((v) => [where, ...v.instancePath.split('/').filter(Boolean)].join('.')))];
    return { answer: new AppError('VALIDATION_FAILED', { fields: fields.join(', ') }) };
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return { answer: new AppError('INTERNAL_ERROR') };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code = statusCodes[error.statusCode];
    return {
      answer: code ? new AppError(code) : new AppError('VALIDATION_FAILED', { fields: 'body' }),
      status: error.statusCode,
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { answer: new AppError('INTERNAL_ERROR') };
}

/** Turns every error into `{code, message}` in the caller's language, with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = languageFromHeader(request.headers['accept-language']);
    const { answer, status = answer.status } = asAppError(error, request);
    const { code, params, details } = answer;
    // A value `$t:key` is itself a catalogue text (an install's failed step), in the caller's language.
    const values = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'string' && value.startsWith('$t:') ? translate(lang, value.slice(3)) : value,
      ]),
    );
    const message = translate(lang, apiErrorKey(code), values);
    void reply.status(status).send({ ...details, code, message: params.fields ? `${message} (${params.fields})` : message });
  });
}
