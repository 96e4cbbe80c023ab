/**
 * The device protocol over MQTT 3.1.1 (DESIGN.md §4, docs/device-protocol.md): topics and command
 * names. Payload schemas are in `protocol.schema.ts` (zod, server and simulator only).
 */
export const TOPIC_ROOT = 'wb/v1';

/** Topics a device publishes, below `wb/v1/{serial}/`. */
export const DEVICE_TOPICS = [
  'status',
  'telemetry',
  'event',
  'alarm',
  'fota',
  'versions',
  'params',
  'stats',
  'claiming-code',
  'cmd/result',
  'info',
] as const;
export type TDeviceTopic = (typeof DEVICE_TOPICS)[number];

/** The cloud's commands to a device. */
export const COMMAND_TOPIC = 'cmd';
/** The cloud's answer to a device message it refused (not retained): why, so firmware can log it. */
export const ERROR_TOPIC = 'error';
/** Topics the cloud publishes to a device, below `wb/v1/{serial}/`; a device never publishes to them. */
export const CLOUD_TOPICS = [COMMAND_TOPIC, ERROR_TOPIC] as const;
export type TCloudTopic = (typeof CLOUD_TOPICS)[number];

/**
 * Why a device message was refused (`error.reason`, and the dead-letter store): stable codes.
 * UNKNOWN_TOPIC: not a device topic; PAYLOAD_TOO_LARGE: over MQTT_MAX_MESSAGE_BYTES; NOT_JSON;
 * INVALID_PAYLOAD: JSON failing the topic's schema; UNKNOWN_DEVICE: no product has the serial number.
 */
export const DEVICE_MESSAGE_REFUSALS = [
  'UNKNOWN_TOPIC',
  'PAYLOAD_TOO_LARGE',
  'NOT_JSON',
  'INVALID_PAYLOAD',
  'UNKNOWN_DEVICE',
  /** Passed its schema, but the database refused it, alone in a transaction (docs/device-protocol.md). */
  'NOT_STORED',
  /**
   * A HACCP record whose id its machine's record already holds with other content — stored before
   * from the machine or carried home by a phone: kept here, the one stored stays (docs/device-protocol.md).
   */
  'CONFLICTING_RECORD',
] as const;
export type TDeviceMessageRefusal = (typeof DEVICE_MESSAGE_REFUSALS)[number];

/** Command failures a device reports in `cmd/result.error` (stable codes, translated on the web). */
export const COMMAND_ERRORS = [
  'BUSY',
  'NOT_RUNNING',
  'INVALID_ARGS',
  'VALUE_OUT_OF_RANGE',
  'INHIBITED_IN_STARTUP',
  'OFF',
  'UNSUPPORTED',
  'DOOR_OPEN',
  'INSTALL_FAILED',
] as const;
export type TCommandError = (typeof COMMAND_ERRORS)[number];

/**
 * A serial number: letters, digits, '-' and '_' only, so that it is safe as an MQTT topic level and
 * client id (no '/', '+', '#').
 */
export const SERIAL_NUMBER_PATTERN = /^[A-Za-z0-9_-]{4,40}$/;

/** The six-digit claiming (activation) code a machine shows on its display. */
export const CLAIMING_CODE_PATTERN = /^\d{6}$/;
/** How long a shown claiming code stays valid. */
export const CLAIMING_CODE_TTL_SECONDS = 15 * 60;

export function deviceTopic(serial: string, topic: TDeviceTopic | TCloudTopic): string {
  return `${TOPIC_ROOT}/${serial}/${topic}`;
}

/** Splits `wb/v1/{serial}/{topic}`; undefined for anything else (including unknown topics). */
export function parseDeviceTopic(topic: string): { serial: string; topic: TDeviceTopic | TCloudTopic } | undefined {
  const prefix = `${TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return undefined;
  const rest = topic.slice(prefix.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  const serial = rest.slice(0, slash);
  const name = rest.slice(slash + 1);
  if (!SERIAL_NUMBER_PATTERN.test(serial)) return undefined;
  if ((CLOUD_TOPICS as readonly string[]).includes(name) || (DEVICE_TOPICS as readonly string[]).includes(name)) {
    return { serial, topic: name as TDeviceTopic | TCloudTopic };
  }
  return undefined;
}
