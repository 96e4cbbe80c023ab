import { z } from 'zod';
import { ZSerialNumber } from './appliance.schema';
import { BOARD_SERIAL_PATTERN } from './main-board';

/** A main board's own serial number (printed on it as a QR code). */
export const ZBoardSerial = z.string().trim().regex(BOARD_SERIAL_PATTERN, 'board serial');

/**
 * `POST /api/v1/appliance/{serialNumber}/main-board`: the machine got a new main board. The server
 * binds the machine's serial number to it, revokes the old board's credentials and answers the new
 * device secret (`ZBrokerCredentialsResponse`) for the phone to hand over the local link.
 */
export const ZBoardReplacementRequest = z.object({ boardSerial: ZBoardSerial }).meta({ id: 'BoardReplacement' });
export type TBoardReplacementRequest = z.infer<typeof ZBoardReplacementRequest>;

/**
 * `GET /api/v1/appliance/{serialNumber}/main-board`: the board the machine last reported, and its
 * latest replacement — `restoredAt` is set once the new board came online and took the machine's
 * installation and parameters.
 */
export const ZMainBoardStatus = z
  .object({
    serialNumber: ZSerialNumber,
    /** the board serial of the machine's last `info`; null before any */
    boardSerial: z.string().nullable(),
    online: z.boolean(),
    replacement: z
      .object({
        oldBoardSerial: z.string().nullable(),
        newBoardSerial: z.string(),
        replacedAt: z.iso.datetime(),
        restoredAt: z.iso.datetime().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'MainBoardStatus' });
export type TMainBoardStatus = z.infer<typeof ZMainBoardStatus>;
