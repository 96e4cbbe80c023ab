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
] as const;
export type TDeviceTopic = (typeof DEVICE_TOPICS)[number];

/** The one topic the cloud publishes to a device. */
export const COMMAND_TOPIC = 'cmd';

export const COMMAND_NAMES = [
  'cycle-start',
  'cycle-stop',
  'switch-shutdown',
  'params-set',
  'restore-presets',
  'fota-start',
  'expose-claiming-code',
  'run-live',
  'tank-replace',
] as const;
export type TCommandName = (typeof COMMAND_NAMES)[number];

/** Command failures a device reports in `cmd/result.error` (stable codes, translated on the web). */
export const COMMAND_ERRORS = [
  'BUSY',
  'NOT_RUNNING',
  'INVALID_ARGS',
  'VALUE_OUT_OF_RANGE',
  'INHIBITED_IN_STARTUP',
  'OFF',
  'UNSUPPORTED',
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

export function deviceTopic(serial: string, topic: TDeviceTopic | typeof COMMAND_TOPIC): string {
  return `${TOPIC_ROOT}/${serial}/${topic}`;
}

/** Splits `wb/v1/{serial}/{topic}`; undefined for anything else (including unknown topics). */
export function parseDeviceTopic(topic: string): { serial: string; topic: TDeviceTopic | typeof COMMAND_TOPIC } | undefined {
  const prefix = `${TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return undefined;
  const rest = topic.slice(prefix.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  const serial = rest.slice(0, slash);
  const name = rest.slice(slash + 1);
  if (!SERIAL_NUMBER_PATTERN.test(serial)) return undefined;
  if (name === COMMAND_TOPIC || (DEVICE_TOPICS as readonly string[]).includes(name)) {
    return { serial, topic: name as TDeviceTopic | typeof COMMAND_TOPIC };
  }
  return undefined;
}

/**
 * The live fields a range keeps (device-areas §3): infinity — and any range we do not know — all
 * seven; hiline, prime and ge only boiler and tank temperature and volume.
 */
export const LIVE_FIELDS = [
  'boilerTmp',
  'tankTmp',
  'waterTmp',
  'boilerVlm',
  'tankVlm',
  'rinseWaterVlm',
  'rinseWaterFlowRate',
] as const;
export type TLiveField = (typeof LIVE_FIELDS)[number];
const REDUCED_LIVE_FIELDS = ['boilerTmp', 'tankTmp', 'boilerVlm', 'tankVlm'] as const satisfies readonly TLiveField[];

export function liveFieldsFor(gamma: string | null | undefined): readonly TLiveField[] {
  return gamma === 'hiline' || gamma === 'prime' || gamma === 'ge' ? REDUCED_LIVE_FIELDS : LIVE_FIELDS;
}
