import { SERIAL_NUMBER_PATTERN } from './protocol';

/**
 * Main boards (docs/local-link.md, "Board replacement"): every main board has a serial number of its
 * own, printed on it as a QR code. A board fitted at the factory knows its machine's serial number; a
 * spare board does not until a phone gives it over the local link. The machine's history belongs to
 * the machine's serial number, never to a board.
 *
 * Plain values only (no zod): the browser bundle imports this file.
 */

/** A board serial follows the machine serial's character rules (letters, digits, '-' and '_'; 4–40). */
export const BOARD_SERIAL_PATTERN = SERIAL_NUMBER_PATTERN;

/** An optional prefix of the text in a board's QR code, so a scan of another code is told apart. */
export const BOARD_QR_PREFIX = 'WB-BOARD:';

/**
 * The board serial in the text of a board's QR code (or typed by a person): the serial alone or
 * after `WB-BOARD:`, with any surrounding white space; undefined when the text is not one.
 */
export function boardSerialFromQr(text: string): string | undefined {
  const trimmed = text.trim();
  const serial = trimmed.startsWith(BOARD_QR_PREFIX) ? trimmed.slice(BOARD_QR_PREFIX.length).trim() : trimmed;
  return BOARD_SERIAL_PATTERN.test(serial) ? serial : undefined;
}

/** The text of a board's QR code as the factory prints it. */
export function boardQrText(boardSerial: string): string {
  return `${BOARD_QR_PREFIX}${boardSerial}`;
}
