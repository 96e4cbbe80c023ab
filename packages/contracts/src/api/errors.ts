/**
 * Every error code of the API with the HTTP status the server answers it with. The code is stable
 * and its text in every language is the catalogue's `apiErrors.<code>`. `null` marks the few codes
 * only the web produces (the server never sends them).
 */
export const API_ERRORS = {
  // Request and protocol.
  VALIDATION_FAILED: 400,
  ROUTE_NOT_FOUND: 404,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  BRAND_REQUIRED: 400,
  BRAND_UNKNOWN: 400,
  INTERNAL_ERROR: 500,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  CONFLICT: 409,
  // Sign-in, registration and sessions.
  INVALID_CREDENTIALS: 400,
  REFRESH_TOKEN_INVALID: 400,
  ACCOUNT_PENDING_APPROVAL: 400,
  ACCOUNT_INACTIVE: 400,
  COMPANY_CODE_UNKNOWN: 400,
  PARENT_COMPANY_CODE_UNKNOWN: 400,
  SIGNUP_CODE_UNKNOWN: 400,
  VERIFICATION_CODE_INVALID: 400,
  VERIFICATION_CODE_EXPIRED: 400,
  VERIFICATION_CODE_VOID: 400,
  RESET_TOKEN_INVALID: 400,
  // Account and company administration.
  /** Unknown, DELETED or of another brand: the caller cannot tell these apart. */
  USER_NOT_FOUND: 404,
  USER_NOT_PENDING: 404,
  /** Unknown or of another brand. */
  COMPANY_NOT_FOUND: 404,
  /** Machines are still serviced by the company. */
  COMPANY_NOT_EMPTY: 409,
  /** A service role needs a company: the user has none and none was given. */
  ROLE_NOT_ALLOWED: 409,
  /** Administration calls never act on the caller's own account (no self-promotion, no lock-out). */
  OWN_ACCOUNT_NOT_ALLOWED: 403,
  USER_ALREADY_ACTIVE: 409,
  COMPANY_HAS_USERS: 409,
  COMPANY_HAS_CHILDREN: 409,
  // Appliances.
  APPLIANCE_NOT_FOUND: 404,
  APPLIANCE_ALREADY_EXISTS: 409,
  APPLIANCE_ALREADY_CLAIMED: 409,
  /** A main board replacement named the machine's own board, or one another machine reported. */
  BOARD_IN_USE: 409,
  APPLIANCE_NOT_CLAIMED: 409,
  COMPANY_REQUIRED: 409,
  ACTIVATION_CODE_INVALID: 400,
  /** A product import file with no header or no rows. */
  PRODUCT_IMPORT_EMPTY: 400,
  /** A product import file whose header lacks a required column, or names an unknown one. */
  PRODUCT_IMPORT_COLUMNS: 400,
  /** A product import file with more rows than PRODUCT_IMPORT_MAX_ROWS. */
  PRODUCT_IMPORT_TOO_MANY_ROWS: 413,
  /** The MQTT broker did not confirm the imported devices' identities in time: nothing was imported. */
  PRODUCT_IMPORT_BROKER_TIMEOUT: 504,
  /** Rows of a product import were refused (the answer lists them); nothing was written. */
  PRODUCT_IMPORT_INVALID: 422,
  /** No product of the brand has this model number in this range, and it has no default parameter list. */
  MODEL_NOT_FOUND: 404,
  // Commands and device data.
  APPLIANCE_DISCONNECTED: 409,
  APPLIANCE_NOT_ANSWERING: 504,
  /** The MQTT broker did not confirm a device identity in time (behind Mosquitto). */
  BROKER_NOT_ANSWERING: 504,
  APPLIANCE_BUSY: 409,
  APPLIANCE_NOT_READY: 409,
  CYCLE_NOT_RUNNING: 409,
  /** The machine's door (hood) is open: it starts no cycle until it is closed. */
  APPLIANCE_DOOR_OPEN: 409,
  VALUE_OUT_OF_RANGE: 400,
  TANK_REPLACEMENT_INHIBITED: 409,
  FIRMWARE_UP_TO_DATE: 409,
  INVALID_DATE_RANGE: 400,
  /** A telemetry export covers at most TELEMETRY_EXPORT_MAX_DAYS days. */
  TELEMETRY_PERIOD_TOO_LONG: 400,
  /**
   * A report or inspector link of days wholly before the machine came to the caller's kitchen: those
   * records are the earlier kitchen's (docs/permissions.md, "A machine that changes hands").
   */
  PERIOD_BEFORE_TAKEOVER: 409,
  // The alarm lifecycle (docs/alarms.md).
  /** The machine has no alarm with this id. */
  ALARM_NOT_FOUND: 404,
  /** The alarm is closed: only an open alarm is acknowledged or assigned. */
  ALARM_CLOSED: 409,
  ALARM_ALREADY_ACKNOWLEDGED: 409,
  /** The account to assign an alarm to does not see its machine (or is unknown, inactive, of another brand). */
  ALARM_ASSIGNEE_INVALID: 400,
  // Customers and settings profiles (docs/customers.md).
  /** Unknown, another company's than the caller manages, or of another brand. */
  CUSTOMER_NOT_FOUND: 404,
  /** Someone saved the customer after the caller loaded it (`expectedUpdatedAt`): nothing was changed. */
  CUSTOMER_CHANGED: 409,
  /** The machine is assigned to another customer: unassign it there first. */
  APPLIANCE_ALREADY_ASSIGNED: 409,
  /** The customer's company does not serve the machine (it is neither its service company nor above it). */
  APPLIANCE_NOT_SERVED: 409,
  /** A closed HACCP day is reviewed once: the first reviewer's signed confirmation stays. */
  HACCP_DAY_ALREADY_REVIEWED: 409,
  /** No inspector link with this token (or id) for the caller: unknown, another brand's or its machine deleted. */
  INSPECTOR_LINK_NOT_FOUND: 404,
  /** The inspector link was valid once and is past its expiry. */
  INSPECTOR_LINK_EXPIRED: 410,
  /** The inspector link was revoked by whoever shares the machine's record, or the machine changed hands. */
  INSPECTOR_LINK_REVOKED: 410,
  /** A link's period ends after today (UTC): it shares records that exist, not days to come. */
  INSPECTOR_LINK_PERIOD_AHEAD: 400,
  /** Only a kitchen manager's account is linked to a customer. */
  ACCOUNT_NOT_KITCHEN_MANAGER: 409,
  /** Unknown, another company's than the caller manages, or of another brand. */
  SETTINGS_PROFILE_NOT_FOUND: 404,
  /** The profile is for another model than the machine's. */
  SETTINGS_PROFILE_MODEL_MISMATCH: 409,
  // The service menu (docs/service-menu.md).
  /** A wrong service PIN; the message says how many tries are left. */
  WRONG_PIN: 400,
  /** Too many wrong PINs: the PIN works again only after a reset by e-mail link. */
  SERVICE_PIN_LOCKED: 423,
  /** The account has no service PIN yet (set one first). */
  SERVICE_PIN_NOT_SET: 409,
  /** A service-menu command without an open service session (enter the PIN first). */
  SERVICE_SESSION_REQUIRED: 403,
  /** The PIN reset link is unknown, used, expired or of another account. */
  SERVICE_PIN_RESET_INVALID: 400,
  /** The machine could not be installed; the message names the step that failed. */
  INSTALL_FAILED: 409,
  // The demo's virtual front panel.
  /** A remote control session is active: the machine refuses its front panel's buttons. */
  PANEL_LOCKED: 409,
  // Only the web: a call that never reached the server, and a report export that failed.
  NETWORK_ERROR: null,
  EXPORT_FAILED: null,
} as const satisfies Record<string, number | null>;

/** Every error code, the server's and the web's own. */
export type TApiErrorCode = keyof typeof API_ERRORS;

/** The codes the server answers with (every one has an HTTP status). */
export type TServerErrorCode = { [C in TApiErrorCode]: (typeof API_ERRORS)[C] extends number ? C : never }[TApiErrorCode];

/** Every error code, in the registry's order. */
export const API_ERROR_CODES = Object.keys(API_ERRORS) as TApiErrorCode[];

/** The codes the server answers with, in the registry's order. */
export const SERVER_ERROR_CODES = API_ERROR_CODES.filter((code): code is TServerErrorCode => API_ERRORS[code] !== null);

/** True for a code of the registry (an answer's `code` is the server's word until checked). */
export function isApiErrorCode(value: unknown): value is TApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERRORS, value);
}

/** The catalogue key of a code's text. */
export type TApiErrorKey = `apiErrors.${TApiErrorCode}`;

/** The catalogue key of a code's text. */
export function apiErrorKey(code: TApiErrorCode): TApiErrorKey {
  return `apiErrors.${code}`;
}

/** The HTTP status the server answers `code` with. */
export function apiErrorStatus(code: TServerErrorCode): number {
  return API_ERRORS[code];
}
