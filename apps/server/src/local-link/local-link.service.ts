import {
  canUseLocalLink,
  personName,
  type TBrokerCredentialsResponse,
  type TCarriedRecordsResponse,
  type TLinkRecord,
} from '@washboard/contracts';
import type { AccountRepository } from '../account/account.repository';
import type { ApplianceRepository } from '../appliance/appliance.repository';
import { productEntry, type ApplianceService } from '../appliance/appliance.service';
import type { AuditService } from '../audit/audit.service';
import type { TAuthUser } from '../auth/token.service';
import type { Transactions } from '../db/transaction';
import { AppError } from '../errors';
import type { DomainEvents } from '../events/domain-events';
import type { TBroker } from '../gateway/broker';
import { hashDeviceSecret, newDeviceSecret } from '../gateway/device-identity';
import type { TCarrier } from '../haccp/chain/chain';
import type { TCarriedMachine } from '../gateway/ingest.service';

/** Hands records carried home to the gateway's ingestion (`IngestService.carried`). */
export type TCarriedIngest = (machine: TCarriedMachine, records: readonly TLinkRecord[], carrier: TCarrier) => Promise<number[]>;

/** The local link's calls refuse a kitchen manager (403): commissioning and carrying records are the service's. */
function requireLinkRole(user: TAuthUser): void {
  if (!canUseLocalLink(user)) throw new AppError('FORBIDDEN');
}

/**
 * What a phone brings to and from a machine over the local link (docs/local-link.md, "The server's
 * part"): the broker credentials of a machine it commissions, and the HACCP records it carries home.
 */
export class LocalLinkService {
  constructor(
    private readonly appliances: ApplianceService,
    private readonly repository: ApplianceRepository,
    private readonly accounts: AccountRepository,
    private readonly broker: TBroker,
    /** Where a new secret is told (the gateway forgets the machine's cached identity). */
    private readonly events: DomainEvents,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly ingest: TCarriedIngest,
  ) {}

  /**
   * Issues the machine a new device secret, for a phone to hand it over inside a session opened with
   * the code on the machine's display; the one before stops working. The caller is a service user
   * who sees the machine, or any service user for a machine still in its box (nobody holds it and it
   * never connected: the claim by its display code binds it afterwards), or an ADMIN of the brand. A
   * kitchen manager is refused (403); any other machine answers 404, like an unknown one. Recorded
   * in the audit trail, never with the secret.
   */
  async issueBrokerCredentials(user: TAuthUser, serial: string): Promise<TBrokerCredentialsResponse> {
    requireLinkRole(user);
    const appliance = await this.repository.find(serial);
    if (!appliance || appliance.brand !== user.brand) throw new AppError('APPLIANCE_NOT_FOUND');
    if (user.role !== 'ADMIN' && !(await this.sees(user, serial))) {
      const state = await this.repository.state(serial);
      const boxed = appliance.companyCode === null && appliance.ownerUserId === null && !state?.lastSeenAt;
      if (!boxed) throw new AppError('APPLIANCE_NOT_FOUND');
    }
    const deviceSecret = newDeviceSecret();
    await this.transactions.run(async (t) => {
      await this.repository.in(t).update(serial, { secretHash: hashDeviceSecret(deviceSecret) });
      await this.audit.record(user, productEntry('product.commission', serial, null, null, null), t);
    });
    await this.broker.provisionDevice(serial, deviceSecret);
    this.events.emit('deviceProvisioned', { serial });
    return { serialNumber: serial, deviceSecret };
  }

  /**
   * Stores HACCP records a phone read from the machine over the link, through the gateway's own
   * ingestion: each once by its id (what the machine uploads itself later, or uploaded before,
   * stores nothing twice), with its own times, chained late with the carrier's name. For a service
   * user who sees the machine (404 otherwise; a kitchen manager 403). Resolves once stored, with the
   * numbers of the records the database refused (kept as dead letters; `IngestService.carried`).
   */
  async carryHome(user: TAuthUser, serial: string, records: readonly TLinkRecord[]): Promise<TCarriedRecordsResponse> {
    requireLinkRole(user);
    await this.appliances.visible(user, serial);
    // The name goes into the chain and onto inspectors' pages: never the e-mail address (personName).
    const account = await this.accounts.findById(user.id);
    const carrier = { userId: user.id, name: personName(account ?? undefined) };
    const notStored = await this.ingest({ serial, brand: user.brand }, records, carrier);
    return { received: records.length - notStored.length, notStored };
  }

  /** Whether `user` sees the machine (its visibility check, without the 404). */
  private async sees(user: TAuthUser, serial: string): Promise<boolean> {
    try {
      await this.appliances.visible(user, serial);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'APPLIANCE_NOT_FOUND') return false;
      throw error;
    }
  }
}
