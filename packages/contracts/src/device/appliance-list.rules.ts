import { SERIAL_NUMBER_PATTERN } from './protocol';

/** Machines per page of the device list when the caller does not say (the web app asks for this). */
export const APPLIANCE_LIST_PAGE_SIZE = 50;
/** The most machines one page of the device list answers. */
export const APPLIANCE_LIST_MAX_PAGE_SIZE = 200;

/**
 * Where a page of the device list ends: the sort key of its last machine (its appliance name, or
 * serial number when unnamed, lowercased by the database) and that machine's serial number, which
 * breaks ties between equal names. The next page starts right after it, in the same direction.
 */
export type TApplianceListCursor = { key: string; serialNumber: string };

/** A sort key longer than this is no cursor of ours (names are at most 60 characters). */
const CURSOR_KEY_MAX_LENGTH = 200;
/** Longest cursor text accepted: base64url of the JSON of the longest key (escaped) and serial number. */
export const APPLIANCE_LIST_CURSOR_MAX_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The opaque `nextCursor` of a device list page (base64url of a JSON pair); clients pass it back as `after`. */
export function encodeApplianceListCursor(cursor: TApplianceListCursor): string {
  return toBase64Url(JSON.stringify([cursor.key, cursor.serialNumber]));
}

/** The position a cursor names, or undefined when the text is not a cursor this API made. */
export function decodeApplianceListCursor(text: string): TApplianceListCursor | undefined {
  if (text.length > APPLIANCE_LIST_CURSOR_MAX_LENGTH || !BASE64URL.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(fromBase64Url(text));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [key, serialNumber] = value as unknown[];
  if (typeof key !== 'string' || key.length === 0 || key.length > CURSOR_KEY_MAX_LENGTH) return undefined;
  if (typeof serialNumber !== 'string' || !SERIAL_NUMBER_PATTERN.test(serialNumber)) return undefined;
  return { key, serialNumber };
}
