import { z } from 'zod';
import { ZSerialNumber } from '../device/appliance.schema';
import { LINK_RECORDS_PAGE_MAX } from './local-link';
import { ZLinkRecord } from './local-link.schema';

/**
 * The HTTP calls of the local link (docs/local-link.md, "The server's part"): the broker credentials
 * a phone carries to a machine it commissions, and the HACCP records it carries home from one.
 */

/**
 * `POST /api/v1/local-link/{serialNumber}/broker-credentials`: a new device secret for the machine
 * (its MQTT password), replacing the one before. The phone hands it to the machine inside a session
 * opened with the display code and never shows it; the server keeps only its hash.
 */
export const ZBrokerCredentialsResponse = z
  .object({ serialNumber: ZSerialNumber, deviceSecret: z.string() })
  .meta({ id: 'BrokerCredentials' });
export type TBrokerCredentialsResponse = z.infer<typeof ZBrokerCredentialsResponse>;

/** Records one upload carries at most: two pages of `records-get`. */
export const CARRIED_RECORDS_MAX = 2 * LINK_RECORDS_PAGE_MAX;

/**
 * `POST /api/v1/local-link/{serialNumber}/records`: HACCP records a phone read from the machine
 * over the link (`records-get`), each as the machine made it — MQTT payload, own id and times.
 */
export const ZCarriedRecordsRequest = z
  .object({ records: z.array(ZLinkRecord).min(1).max(CARRIED_RECORDS_MAX) })
  .meta({ id: 'CarriedRecords' });
export type TCarriedRecordsRequest = z.infer<typeof ZCarriedRecordsRequest>;

/**
 * The upload's records are in the machine's HACCP record — each stored once by its id, whether it
 * came now or before (from the machine itself, or another phone) — except those the database
 * refused, kept aside for the administrators (the dead-letter store, `NOT_STORED`).
 */
export const ZCarriedRecordsResponse = z
  .object({
    received: z.int().min(0).describe('Records in the machine’s HACCP record'),
    notStored: z.array(z.int().min(0)).describe('The numbers (`n`) of the records the database refused, kept as dead letters'),
  })
  .meta({ id: 'CarriedRecordsAnswer' });
export type TCarriedRecordsResponse = z.infer<typeof ZCarriedRecordsResponse>;
