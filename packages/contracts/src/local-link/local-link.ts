import { SERIAL_NUMBER_PATTERN } from '../device/protocol';

/**
 * The local link (DESIGN.md §6, docs/local-link.md): a machine and a phone talking over Bluetooth
 * LE, without the cloud. One GATT service of ours; frames carry the JSON envelopes of the MQTT
 * protocol, chunked to the link's frame size (`framing.ts`).
 *
 * Plain values only (no zod, no Node APIs): the browser bundle imports this file.
 */

/** The GATT service the machine offers (Web Bluetooth wants UUIDs in lower case). */
export const LOCAL_LINK_SERVICE_UUID = '7a5b0001-cd42-4118-bd37-a9adf36d941c';
/** Read: the machine's info, one JSON object (`TLinkMachineInfo`), not framed (at most 512 bytes). */
export const LOCAL_LINK_INFO_UUID = '7a5b0002-cd42-4118-bd37-a9adf36d941c';
/** Write (with or without response): the phone's frames — requests. */
export const LOCAL_LINK_REQUEST_UUID = '7a5b0003-cd42-4118-bd37-a9adf36d941c';
/** Notify: the machine's frames — replies, command results and events. */
export const LOCAL_LINK_NOTIFY_UUID = '7a5b0004-cd42-4118-bd37-a9adf36d941c';

/** The version of the link protocol: the high nibble of every frame's first byte, and `protocol` of the info. */
export const LOCAL_LINK_PROTOCOL_VERSION = 1;

/** What the machine advertises as its local name. */
export const LOCAL_LINK_NAME_PREFIX = 'WB-';

/** The advertised name of a machine: `WB-<serial>`. */
export function localLinkName(serial: string): string {
  return `${LOCAL_LINK_NAME_PREFIX}${serial}`;
}

/** The serial number in an advertised name, or undefined when the name is not a machine's. */
export function serialFromLocalLinkName(name: string): string | undefined {
  if (!name.startsWith(LOCAL_LINK_NAME_PREFIX)) return undefined;
  const serial = name.slice(LOCAL_LINK_NAME_PREFIX.length);
  return SERIAL_NUMBER_PATTERN.test(serial) ? serial : undefined;
}

/**
 * The frame size when nothing larger was negotiated: the default ATT MTU (23) less the 3 bytes of
 * the ATT header. The largest is 512, the longest value GATT allows.
 */
export const LOCAL_LINK_MIN_FRAME_SIZE = 20;
export const LOCAL_LINK_MAX_FRAME_SIZE = 512;
/** The ATT header of a write or notification, taken off the MTU for the frame size. */
const ATT_HEADER_BYTES = 3;

/** The frame size of a link whose ATT MTU is `mtu`: MTU − 3, within 20 … 512. */
export function frameSizeForMtu(mtu: number): number {
  return Math.min(LOCAL_LINK_MAX_FRAME_SIZE, Math.max(LOCAL_LINK_MIN_FRAME_SIZE, Math.floor(mtu) - ATT_HEADER_BYTES));
}

/** The longest message (UTF-8 bytes of its JSON) either side sends or takes. */
export const LOCAL_LINK_MAX_MESSAGE_BYTES = 64 * 1024;

/** The display code that opens a session: six digits. */
export const LINK_CODE_PATTERN = /^\d{6}$/;
/** How long a shown code can open a session. */
export const LINK_CODE_TTL_SECONDS = 120;
/** Wrong codes after which the shown code is void and the machine takes no code for a while. */
export const LINK_CODE_MAX_ATTEMPTS = 3;
/** How long the machine refuses codes after too many wrong ones. */
export const LINK_LOCKOUT_SECONDS = 60;
/** A session without any request for this long is closed by the machine. */
export const LINK_SESSION_IDLE_SECONDS = 10 * 60;
/** Records (`records-get`) at most in one reply. */
export const LINK_RECORDS_PAGE_MAX = 50;

/** How a Wi-Fi network given over the link is secured (WPA2/WPA3 personal, or open). */
export const WIFI_SECURITIES = ['open', 'wpa2-psk', 'wpa3-sae'] as const;
export type TWifiSecurity = (typeof WIFI_SECURITIES)[number];

/** Requests the phone writes, by `topic` (docs/local-link.md, "Messages"). */
export const LINK_REQUEST_TOPICS = [
  'session/request',
  'session/open',
  'session/close',
  'cmd',
  'wifi-credentials',
  'broker-credentials',
  'records-get',
] as const;
export type TLinkRequestTopic = (typeof LINK_REQUEST_TOPICS)[number];

/** Requests the machine takes before a session is open; every other one is refused with NO_SESSION. */
export const LINK_OPEN_TOPICS: readonly TLinkRequestTopic[] = ['session/request', 'session/open', 'session/close'];

/**
 * Why a request failed (`reply.error`), stable codes. NO_SESSION: needs an open session;
 * NO_CODE: no code is shown (none asked for, or it expired); WRONG_CODE: not the code shown
 * (`attemptsLeft` says how many tries remain); LOCKED: too many wrong codes (`retryAt`);
 * NOT_JSON, INVALID_REQUEST, UNKNOWN_TOPIC: the request could not be read; UNKNOWN_RECORD: the
 * `after` of records-get is no record the machine holds (start again from the beginning);
 * NOT_OVER_LINK: a command the link does not carry (service menu, factory parameters, firmware —
 * `localLink` of its declaration in the device registry); BOARD_TAKEN: `broker-credentials` named a
 * serial number other than the one the board already belongs to.
 */
export const LINK_ERRORS = [
  'NO_SESSION',
  'NO_CODE',
  'WRONG_CODE',
  'LOCKED',
  'NOT_JSON',
  'INVALID_REQUEST',
  'UNKNOWN_TOPIC',
  'UNKNOWN_RECORD',
  'NOT_OVER_LINK',
  'BOARD_TAKEN',
] as const;
export type TLinkError = (typeof LINK_ERRORS)[number];
