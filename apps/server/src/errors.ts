import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { languageFromHeader, translate } from './i18n/translate';

/**
 * The one error type of the server: a stable code (also the key of its message under
 * `apiErrors.` in the catalogue), an HTTP status and optional interpolation values.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (fields: string) => new AppError('VALIDATION_FAILED', 400, { fields }),
  notFound: () => new AppError('NOT_FOUND', 404),
  routeNotFound: () => new AppError('ROUTE_NOT_FOUND', 404),
  unauthorized: () => new AppError('UNAUTHORIZED', 401),
  forbidden: () => new AppError('FORBIDDEN', 403),
  brandRequired: () => new AppError('BRAND_REQUIRED', 400),
  brandUnknown: () => new AppError('BRAND_UNKNOWN', 400),
  unavailable: () => new AppError('SERVICE_UNAVAILABLE', 503),
  /** Unknown, DELETED or of another brand: the caller cannot tell these apart. */
  userNotFound: () => new AppError('USER_NOT_FOUND', 404),
  /** Unknown or of another brand. */
  companyNotFound: () => new AppError('COMPANY_NOT_FOUND', 404),
  /** Administration calls never act on the caller's own account (no self-promotion, no lock-out). */
  ownAccount: () => new AppError('OWN_ACCOUNT_NOT_ALLOWED', 403),
  userAlreadyActive: () => new AppError('USER_ALREADY_ACTIVE', 409),
  /** A service role needs a company: the user has none and none was given. */
  roleNotAllowed: () => new AppError('ROLE_NOT_ALLOWED', 409),
  companyHasUsers: () => new AppError('COMPANY_HAS_USERS', 409),
  companyHasChildren: () => new AppError('COMPANY_HAS_CHILDREN', 409),
  /** Machines are still serviced by the company. */
  companyNotEmpty: () => new AppError('COMPANY_NOT_EMPTY', 409),
};

const statusCodes: Record<number, string> = {
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Turns every error into `{code, message}` in the caller's language, with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const lang = languageFromHeader(request.headers['accept-language']);
    let code: string;
    let status: number;
    let params: Record<string, string | number> = {};
    if (error instanceof AppError) {
      ({ code, status, params } = error);
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      code = 'VALIDATION_FAILED';
      status = 400;
      const where = error.validationContext ?? 'body';
      params = {
        fields: [...new Set(error.validation.map((v) => [where, ...v.instancePath.split('/').filter(Boolean)].join('.')))].join(
          ', ',
        ),
      };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      code = 'INTERNAL_ERROR';
      status = 500;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      code = statusCodes[status] ?? 'VALIDATION_FAILED';
      if (code === 'VALIDATION_FAILED') params = { fields: 'body' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      code = 'INTERNAL_ERROR';
      status = 500;
    }
    const message = translate(lang, `apiErrors.${code}`, params);
    void reply.status(status).send({ code, message: params.fields ? `${message} (${params.fields})` : message });
  });
}
