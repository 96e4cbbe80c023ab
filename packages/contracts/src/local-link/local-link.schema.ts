import { z } from 'zod';
import { ZGamma } from '../appliance/gamma.schema';
import { ZCommand } from '../device/commands.schema';
import { ZDeviceAlarm, ZHaccpEvent } from '../device/protocol.schema';
import { DEVICE_TOPICS, SERIAL_NUMBER_PATTERN } from '../device/protocol';
import { BOARD_SERIAL_PATTERN } from '../device/main-board';
import {
  LINK_CODE_PATTERN,
  LINK_ERRORS,
  LINK_RECORDS_PAGE_MAX,
  LINK_REQUEST_TOPICS,
  WIFI_SECURITIES,
  LOCAL_LINK_MAX_FRAME_SIZE,
  LOCAL_LINK_MIN_FRAME_SIZE,
  LOCAL_LINK_PROTOCOL_VERSION,
  type TLinkRequestTopic,
} from './local-link';

/**
 * The messages of the local link (docs/local-link.md, "Messages"): every message, either way, is
 * one JSON envelope `{topic, payload}`. The machine sends the topics and payloads of the MQTT
 * protocol unchanged, and `reply` and `session` of its own; the phone sends the requests below.
 */
export const ZLinkEnvelope = z.object({ topic: z.string().max(40), payload: z.unknown() });
export type TLinkEnvelope = z.infer<typeof ZLinkEnvelope>;

const ZRequestId = z.uuid();

/**
 * Wi-Fi credentials for commissioning: sent only inside a session. WPA2/WPA3 personal passphrases
 * are 8–63 characters (or the 64 hex digits of the key itself); an open network has none.
 */
export const ZWifiCredentials = z
  .object({
    id: ZRequestId,
    ssid: z
      .string()
      .min(1)
      .refine((ssid) => new TextEncoder().encode(ssid).length <= 32, 'longer than 32 bytes'),
    security: z.enum(WIFI_SECURITIES),
    password: z.string().max(64).default(''),
  })
  .refine(
    ({ security, password }) =>
      security === 'open' ? password === '' : /^[\x20-\x7e]{8,63}$/.test(password) || /^[0-9a-fA-F]{64}$/.test(password),
    { message: 'not a passphrase of this security', path: ['password'] },
  );
export type TWifiCredentials = z.input<typeof ZWifiCredentials>;

/**
 * Broker credentials for commissioning: the device secret the server issued for the machine (its
 * MQTT password; client id and username are its serial number, as always). Sent only inside a
 * session; the phone never shows it and the machine never sends it back.
 */
export const ZBrokerCredentials = z.object({
  id: ZRequestId,
  deviceSecret: z.string().regex(/^[\x21-\x7e]{16,128}$/, 'not a device secret'),
  /**
   * the machine's serial number, for a spare main board fitted to it (docs/local-link.md, "Board
   * replacement"): a spare takes it as its machine's; a board that already has another is refused
   * (BOARD_TAKEN)
   */
  serialNumber: z.string().regex(SERIAL_NUMBER_PATTERN).optional(),
});
export type TBrokerCredentials = z.input<typeof ZBrokerCredentials>;

/**
 * `records-get`: the HACCP records (events and alarms, in the order the machine made them) after
 * record number `after` (none: from the oldest it holds). A transfer cut off resumes from the last
 * number received; the server stores each record once by its id, so an overlap does no harm.
 */
export const ZRecordsGet = z.object({
  id: ZRequestId,
  after: z.int().min(0).nullable().default(null),
  limit: z.int().min(1).max(LINK_RECORDS_PAGE_MAX).default(LINK_RECORDS_PAGE_MAX),
});

/** The payload schema of each request topic. */
export const LINK_REQUEST_SCHEMAS = {
  'session/request': z.object({ id: ZRequestId }),
  'session/open': z.object({ id: ZRequestId, code: z.string().regex(LINK_CODE_PATTERN) }),
  'session/close': z.object({ id: ZRequestId }),
  cmd: ZCommand,
  'wifi-credentials': ZWifiCredentials,
  'broker-credentials': ZBrokerCredentials,
  'records-get': ZRecordsGet,
} as const satisfies Record<TLinkRequestTopic, z.ZodType>;

/** One request as the phone writes it. */
export type TLinkRequest = {
  [K in TLinkRequestTopic]: { topic: K; payload: z.input<(typeof LINK_REQUEST_SCHEMAS)[K]> };
}[TLinkRequestTopic];

/** A request topic, or undefined. */
export function linkRequestTopic(topic: string): TLinkRequestTopic | undefined {
  return (LINK_REQUEST_TOPICS as readonly string[]).find((known) => known === topic) as TLinkRequestTopic | undefined;
}

/** One HACCP record carried by `records-get`: its number on the machine, and the MQTT message. */
export const ZLinkRecord = z.discriminatedUnion('topic', [
  z.object({ n: z.int().min(0), topic: z.literal('event'), payload: ZHaccpEvent }),
  z.object({ n: z.int().min(0), topic: z.literal('alarm'), payload: ZDeviceAlarm }),
]);
export type TLinkRecord = z.infer<typeof ZLinkRecord>;

/**
 * `reply` (machine → phone): the answer to every request but `cmd` (which is answered by
 * `cmd/result` as over MQTT — unless it is refused before reaching the machine's command code, e.g.
 * NO_SESSION, which is a `reply` with the command's id). `id` is null when the request had none.
 */
export const ZLinkReply = z.object({
  id: z.uuid().nullable(),
  ok: z.boolean(),
  error: z.enum(LINK_ERRORS).optional(),
  /** WRONG_CODE: codes that may still be tried before the shown code is void */
  attemptsLeft: z.int().min(0).optional(),
  /** LOCKED: when codes are taken again */
  retryAt: z.iso.datetime().optional(),
  /** session/request: until when the code on the display opens a session */
  expiresAt: z.iso.datetime().optional(),
  /** records-get: the records, oldest first, and whether more follow */
  records: z.array(ZLinkRecord).max(LINK_RECORDS_PAGE_MAX).optional(),
  more: z.boolean().optional(),
});
export type TLinkReply = z.infer<typeof ZLinkReply>;

/** `session` (machine → phone): the session opened or ended (by request, idleness, or the link dropping). */
export const ZLinkSession = z.object({
  open: z.boolean(),
  reason: z.enum(['opened', 'closed', 'idle']),
});
export type TLinkSession = z.infer<typeof ZLinkSession>;

/** Topics the machine notifies: those of MQTT, and the link's own. */
export const LINK_MACHINE_TOPICS = [...DEVICE_TOPICS, 'reply', 'session'] as const;
export type TLinkMachineTopic = (typeof LINK_MACHINE_TOPICS)[number];

/** The info characteristic's value (read, before any session): what the phone needs to talk. */
export const ZLinkMachineInfo = z.object({
  protocol: z.literal(LOCAL_LINK_PROTOCOL_VERSION),
  /** the machine's serial number; a spare main board's own (`boardSerial`) until it is given one */
  serialNumber: z.string().regex(SERIAL_NUMBER_PATTERN),
  /** the main board's own serial number (its QR code); absent from firmware before board replacement */
  boardSerial: z.string().regex(BOARD_SERIAL_PATTERN).optional(),
  /** true while the board is a spare that knows no machine yet (it advertises `WB-<boardSerial>`) */
  spare: z.boolean().optional(),
  gamma: ZGamma,
  /** the frame size both sides use: the negotiated ATT MTU − 3 */
  frameSize: z.int().min(LOCAL_LINK_MIN_FRAME_SIZE).max(LOCAL_LINK_MAX_FRAME_SIZE),
  /** FW00, the machine's firmware */
  firmware: z.string().max(40),
  /** whether the machine is connected to its broker now */
  online: z.boolean(),
});
export type TLinkMachineInfo = z.infer<typeof ZLinkMachineInfo>;
