import type { TCustomer, TCustomerDetail, TCustomersPage, TCustomersQuery, TCustomerWrite } from '@washboard/contracts';
import { AppError } from '../errors';
import type { TAuthUser } from '../auth/token.service';
import type { AccountRepository } from '../account/account.repository';
import type { ApplianceService } from '../appliance/appliance.service';
import type { CompanyScope } from '../company/company-scope';
import type { DomainEvents } from '../events/domain-events';
import type { CustomerRepository, TCustomerFields, TCustomerRow } from './customer.repository';

function view(row: TCustomerRow): TCustomer {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    zip: row.zip,
    country: row.country,
    website: row.website,
    contact: row.contact,
    companyCode: row.companyCode,
    companyName: row.companyName,
    machines: row.machines,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored fields of a customer from the parsed request (optional fields left out are cleared). */
function fields(body: TCustomerWrite): TCustomerFields {
  return {
    name: body.name,
    surname: body.surname,
    email: body.email ?? null,
    phone: body.phone ?? null,
    address: body.address ?? null,
    city: body.city ?? null,
    zip: body.zip ?? null,
    country: body.country ?? null,
    website: body.website ?? null,
    contact: body.contact ?? null,
  };
}

/**
 * A service company's customers (device-areas §3, docs/customers.md): a SERVICE user manages its
 * company's, a SERVICE_MANAGER those of its company tree, an ADMIN the brand's. Machines are assigned
 * to a customer by someone who sees them, and only to a customer of a company that serves them; a
 * kitchen manager's account linked to a customer sees the customer's machines (ApplianceAccess).
 */
export class CustomerService {
  constructor(
    private readonly repository: CustomerRepository,
    private readonly scope: CompanyScope,
    private readonly accounts: AccountRepository,
    private readonly appliances: ApplianceService,
    private readonly events: DomainEvents,
  ) {}

  /** One page of the customers the caller manages, searched. */
  async page(user: TAuthUser, query: TCustomersQuery): Promise<TCustomersPage> {
    const managed = await this.scope.managed(user);
    const { rows, total } = await this.repository.page(user.brand, managed, query);
    return { items: rows.map(view), total, page: query.page, size: query.size };
  }

  /** The customer with its machines and linked accounts; 404 CUSTOMER_NOT_FOUND for one the caller does not manage. */
  async detail(user: TAuthUser, id: string): Promise<TCustomerDetail> {
    const row = await this.managed(user, id);
    const [appliances, accounts] = await Promise.all([this.repository.appliances(id), this.repository.accounts(id)]);
    return { ...view(row), appliances, accounts };
  }

  /** Creates a customer of the caller's company, or of `companyCode` if the caller manages it. */
  async create(user: TAuthUser, body: TCustomerWrite): Promise<TCustomerDetail> {
    const company = await this.scope.target(user, body.companyCode);
    const id = await this.repository.insert(user.brand, company.id, { ...fields(body), createdBy: user.id });
    return this.detail(user, id);
  }

  /**
   * Changes a customer's fields (its company stays: `companyCode` is ignored here); 409
   * CUSTOMER_CHANGED when someone saved it after `expectedUpdatedAt`.
   */
  async update(user: TAuthUser, id: string, body: TCustomerWrite): Promise<TCustomerDetail> {
    await this.managed(user, id);
    const expected = body.expectedUpdatedAt === undefined ? undefined : new Date(body.expectedUpdatedAt);
    if (!(await this.repository.update(id, fields(body), expected))) throw new AppError('CUSTOMER_CHANGED');
    return this.detail(user, id);
  }

  /**
   * Deletes a customer: its machines are unassigned (they stay with their service company) and the
   * kitchen managers linked to it stop seeing them.
   */
  async delete(user: TAuthUser, id: string): Promise<void> {
    await this.managed(user, id);
    await this.repository.delete(id);
    this.events.emit('appliancesChanged', { brand: user.brand, serials: null });
  }

  /**
   * Assigns a machine the caller sees (else 404 APPLIANCE_NOT_FOUND) to a customer it manages, if the
   * customer's company is the machine's service company or above it (409 APPLIANCE_NOT_SERVED) and
   * no other customer has it (409 APPLIANCE_ALREADY_ASSIGNED). Assigning it again changes nothing.
   */
  async assign(user: TAuthUser, id: string, serialNumber: string): Promise<TCustomerDetail> {
    const customer = await this.managed(user, id);
    const { appliance } = await this.appliances.visible(user, serialNumber);
    const serving = await this.scope.servingIds(user.brand, appliance.companyCode);
    if (!appliance.companyCode || !serving.includes(customer.companyId)) throw new AppError('APPLIANCE_NOT_SERVED');
    if (!(await this.repository.assign(id, serialNumber, appliance.companyCode, user.id)))
      throw new AppError('APPLIANCE_ALREADY_ASSIGNED');
    this.events.emit('appliancesChanged', { brand: user.brand, serials: [serialNumber] });
    return this.detail(user, id);
  }

  /** Takes a machine away from a customer the caller manages (404 APPLIANCE_NOT_FOUND if it is not assigned to it). */
  async unassign(user: TAuthUser, id: string, serialNumber: string): Promise<TCustomerDetail> {
    await this.managed(user, id);
    if (!(await this.repository.unassign(id, serialNumber))) throw new AppError('APPLIANCE_NOT_FOUND');
    this.events.emit('appliancesChanged', { brand: user.brand, serials: [serialNumber] });
    return this.detail(user, id);
  }

  /**
   * Links a kitchen manager's account (by e-mail, of the brand, not deleted: else 404 USER_NOT_FOUND;
   * another role: 409 ACCOUNT_NOT_KITCHEN_MANAGER) to a customer the caller manages.
   */
  async link(user: TAuthUser, id: string, email: string): Promise<TCustomerDetail> {
    await this.managed(user, id);
    const account = await this.accounts.findByEmail(user.brand, email);
    if (!account || account.status === 'DELETED') throw new AppError('USER_NOT_FOUND');
    if (account.role !== 'KITCHEN_MANAGER') throw new AppError('ACCOUNT_NOT_KITCHEN_MANAGER');
    await this.repository.link(id, account.id);
    this.events.emit('appliancesChanged', { brand: user.brand, serials: null });
    return this.detail(user, id);
  }

  /** Unlinks an account from a customer the caller manages (404 USER_NOT_FOUND if it was not linked). */
  async unlink(user: TAuthUser, id: string, userId: string): Promise<TCustomerDetail> {
    await this.managed(user, id);
    if (!(await this.repository.unlink(id, userId))) throw new AppError('USER_NOT_FOUND');
    this.events.emit('appliancesChanged', { brand: user.brand, serials: null });
    return this.detail(user, id);
  }

  private async managed(user: TAuthUser, id: string): Promise<TCustomerRow> {
    const row = await this.repository.find(user.brand, id, await this.scope.managed(user));
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
    return row;
  }
}
