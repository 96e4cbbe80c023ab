import { z } from 'zod';

/** The one error shape of every endpoint. `code` is stable; `message` is in the caller's language. */
export const ZErrorResponse = z
  .object({
    code: z.string().describe('Stable error code, e.g. VALIDATION_FAILED'),
    message: z.string().describe("Human-readable message in the caller's language"),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
