/**
 * The service PIN (docs/service-menu.md): plain values, imported by the browser too.
 */

/** Four to six digits. */
export const SERVICE_PIN_PATTERN = /^\d{4,6}$/;
/** Wrong PINs in a row after which the PIN is locked until it is reset by e-mail link. */
export const SERVICE_PIN_MAX_ATTEMPTS = 5;
/** How long a service session lasts once the PIN was entered. */
export const SERVICE_SESSION_MINUTES = 15;
/** How long a PIN reset link stays valid. */
export const SERVICE_PIN_RESET_MINUTES = 30;
/** The header that carries the service session's token on service-menu commands. */
export const SERVICE_SESSION_HEADER = 'x-service-session';
