import { z } from 'zod';
import { ZCompanyCode, ZEmail } from '../account/account.schema';
import { ZSerialNumber } from '../device/appliance.schema';

/** An optional text field of a customer: trimmed, empty means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

/**
 * POST/PUT /api/v1/customers: a service company's client (device-areas §3, "Customer"). Name and
 * surname are required (a company client puts the business name in `name`); the rest is optional.
 */
export const ZCustomerWrite = z
  .object({
    name: z.string().trim().min(1).max(120),
    surname: z.string().trim().min(1).max(120),
    email: ZEmail.or(z.literal('').transform(() => null))
      .nullable()
      .optional(),
    phone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[+0-9 ()./-]*$/, 'phone')
      .transform((s) => (s === '' ? null : s))
      .nullable()
      .optional(),
    address: optionalText(200),
    city: optionalText(120),
    zip: optionalText(20),
    country: optionalText(80),
    website: optionalText(200),
    contact: optionalText(120),
    /** The company the customer belongs to (its code); the caller's own company when left out. */
    companyCode: ZCompanyCode.optional(),
    /**
     * PUT only: the customer's `updatedAt` as the caller loaded it. Someone's save since then answers
     * 409 CUSTOMER_CHANGED and changes nothing (a change queued offline must not overwrite it).
     */
    expectedUpdatedAt: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'CustomerWrite' });
export type TCustomerWrite = z.input<typeof ZCustomerWrite>;

export const ZCustomerParams = z.object({ id: z.uuid() });
export const ZCustomerApplianceParams = ZCustomerParams.extend({ serialNumber: ZSerialNumber });
export const ZCustomerAccountParams = ZCustomerParams.extend({ userId: z.uuid() });
/** POST /api/v1/customers/{id}/accounts: links a kitchen manager's account (by its e-mail) to the customer. */
export const ZCustomerAccountLink = z.object({ email: ZEmail }).meta({ id: 'CustomerAccountLink' });

/** GET /api/v1/customers: one page, every word of `q` in name, surname, e-mail, city or contact. Pages from 1. */
export const ZCustomersQuery = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
export type TCustomersQuery = z.infer<typeof ZCustomersQuery>;

const customerFields = {
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  website: z.string().nullable(),
  contact: z.string().nullable(),
  companyCode: z.string(),
  companyName: z.string(),
  /** How many machines are assigned to it. */
  machines: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const ZCustomer = z.object(customerFields).meta({ id: 'Customer' });
export type TCustomer = z.infer<typeof ZCustomer>;

/** A machine assigned to a customer, as the customer screen lists it. */
export const ZCustomerAppliance = z
  .object({ serialNumber: z.string(), applianceName: z.string().nullable(), modelNumber: z.string() })
  .meta({ id: 'CustomerAppliance' });
/** A kitchen manager's account linked to a customer: it sees the customer's machines. */
export const ZCustomerAccount = z
  .object({ id: z.string(), email: z.string(), firstName: z.string(), lastName: z.string() })
  .meta({ id: 'CustomerAccount' });

/** GET /api/v1/customers/{id}: the customer with its machines and linked accounts. */
export const ZCustomerDetail = z
  .object({ ...customerFields, appliances: z.array(ZCustomerAppliance), accounts: z.array(ZCustomerAccount) })
  .meta({ id: 'CustomerDetail' });
export type TCustomerDetail = z.infer<typeof ZCustomerDetail>;

export const ZCustomersPage = z
  .object({ items: z.array(ZCustomer), total: z.int(), page: z.int(), size: z.int() })
  .meta({ id: 'CustomersPage' });
export type TCustomersPage = z.infer<typeof ZCustomersPage>;
