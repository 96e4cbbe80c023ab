import { z } from 'zod';

/**
 * The one error shape of every endpoint. `code` is stable; `message` is in the caller's language.
 * `code` is one of `API_ERRORS` whenever the error handler answers, but stays a string: the router
 * answers an over-long path parameter itself (414, `FST_ERR_MAX_PARAM_LENGTH`), before any handler.
 */
export const ZErrorResponse = z
  .object({
    code: z.string().describe('Stable error code, e.g. VALIDATION_FAILED'),
    message: z.string().describe("Human-readable message in the caller's language"),
    attemptsLeft: z.int().optional().describe('WRONG_PIN: the tries left before the PIN locks'),
    step: z.string().optional().describe('INSTALL_FAILED: the install step the machine could not take'),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
