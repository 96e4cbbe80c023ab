import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZChangePasswordHeaders,
  ZCheckVerificationCodeQuery,
  ZCodeResponse,
  ZEmail,
  ZErrorResponse,
  ZRegistrationRequest,
  ZSendVerificationCodeQuery,
} from '@washboard/contracts';
import { AppError } from '../errors';
import type { RegistrationService } from './registration.service';
import type { AttemptLimiter } from '../auth/attempt-limiter';
import type { TLimit } from '../http/rate-limit';

const ok = { code: '200' as const };
const errorsOf = { 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse, 429: ZErrorResponse };

type TOptions = {
  registration: RegistrationService;
  codeLimiter: AttemptLimiter;
  mailLimiter: AttemptLimiter;
  limit: TLimit;
};

/** The unauthenticated account calls under /api/v2/account (spec §7). */
export const registrationRoutes: FastifyPluginAsyncZod<TOptions> = async (
  app,
  { registration, codeLimiter, mailLimiter, limit },
) => {
  const limitMail = (brand: string, email: string) => {
    if (!mailLimiter.take(`${brand}:${email.toLowerCase()}`)) throw new AppError('RATE_LIMITED');
  };

  app.post(
    '/users',
    {
      config: limit(20, '10 minutes'),
      schema: {
        tags: ['account'],
        summary:
          'Registration: creates an inactive account and e-mails a verification code; a taken address gets the same answer (its owner a mail)',
        body: ZRegistrationRequest,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      // Each registration mails the address (a code, or its owner a word that someone tried): a few
      // a quarter of an hour per address, as the other mails a stranger can ask for.
      limitMail(request.brand, request.body.email);
      await registration.register(request.brand, request.body);
      return ok;
    },
  );

  app.get(
    '/email-verification/sendVerificationCode',
    {
      config: limit(20, '10 minutes'),
      schema: {
        tags: ['account'],
        summary: 'E-mails a new verification code to an account not yet verified (same answer for any address)',
        querystring: ZSendVerificationCodeQuery,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      limitMail(request.brand, request.query.mail);
      registration.resendCode(request.brand, request.query.mail);
      return ok;
    },
  );

  app.get(
    '/email-verification/checkVerificationCode',
    {
      config: limit(30, '10 minutes'),
      schema: {
        tags: ['account'],
        summary: 'Checks the e-mailed code of the account `mail`; five wrong tries void it',
        querystring: ZCheckVerificationCodeQuery,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      if (!codeLimiter.take(`${request.brand}:${request.query.mail.toLowerCase()}`)) throw new AppError('RATE_LIMITED');
      await registration.checkCode(request.brand, request.query.mail, request.query.code);
      return ok;
    },
  );

  app.post(
    '/resetPassword/:email',
    {
      config: limit(10, '10 minutes'),
      schema: {
        tags: ['account'],
        summary: 'E-mails a password-reset link; answers the same for unknown addresses',
        params: z.object({ email: ZEmail }),
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      limitMail(request.brand, request.params.email);
      registration.requestReset(request.brand, request.params.email);
      return ok;
    },
  );

  app.post(
    '/changePassword/:id',
    {
      config: limit(10, '10 minutes'),
      schema: {
        tags: ['account'],
        summary:
          'Sets a new password from a reset link: `id` is the e-mail, headers `verificationcode` (the link token) and `newpassword`',
        params: z.object({ id: ZEmail }),
        headers: ZChangePasswordHeaders,
        response: { 200: ZCodeResponse, ...errorsOf },
      },
    },
    async (request) => {
      await registration.resetPassword(
        request.brand,
        request.params.id,
        request.headers.verificationcode,
        request.headers.newpassword,
      );
      return ok;
    },
  );
};
