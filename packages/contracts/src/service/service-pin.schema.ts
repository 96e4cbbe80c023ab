import { z } from 'zod';
import { SERVICE_PIN_PATTERN } from './service-pin';

const ZPin = z.string().regex(SERVICE_PIN_PATTERN, 'pin');

/** PUT /api/v1/service/pin: a new PIN (changing one takes an open service session). */
export const ZSetServicePinRequest = z.object({ pin: ZPin }).meta({ id: 'SetServicePinRequest' });
export type TSetServicePinRequest = z.infer<typeof ZSetServicePinRequest>;

/** POST /api/v1/service/session: the PIN, to open a service session. */
export const ZOpenServiceSessionRequest = z.object({ pin: z.string().max(12) }).meta({ id: 'OpenServiceSessionRequest' });

/** POST /api/v1/service/pin/reset: the e-mailed link's token and the new PIN. */
export const ZResetServicePinRequest = z
  .object({ token: z.string().min(16).max(128), pin: ZPin })
  .meta({ id: 'ResetServicePinRequest' });
export type TResetServicePinRequest = z.infer<typeof ZResetServicePinRequest>;

/** GET /api/v1/service/pin: whether the caller has a PIN, whether it is locked, tries left. Never the PIN. */
export const ZServicePinState = z
  .object({ isSet: z.boolean(), locked: z.boolean(), attemptsLeft: z.int().min(0) })
  .meta({ id: 'ServicePinState' });
export type TServicePinState = z.infer<typeof ZServicePinState>;

/** An open service session: the token to send in `X-Service-Session`, and until when it lasts. */
export const ZServiceSession = z
  .object({ token: z.string(), expiresAt: z.iso.datetime({ offset: true }) })
  .meta({ id: 'ServiceSession' });
export type TServiceSession = z.infer<typeof ZServiceSession>;
