import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TBrandCode, TGamma } from '@washboard/contracts';
import { companies } from './companies';
import { users } from './users';
import { appliances } from './appliances';

/**
 * The columns of a record a company owns and its service users manage (CompanyScope): id, brand,
 * the company (its records go when it is deleted), who made it and when, when it last changed.
 */
function companyOwned() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    brand: text('brand').$type<TBrandCode>().notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

/**
 * A service company's client (device-areas §3, docs/customers.md). It belongs to one company; the
 * company's service users (and the service managers above it) manage it. Deleting the company
 * deletes its customers.
 */
export const customers = pgTable(
  'customers',
  {
    ...companyOwned(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    zip: text('zip'),
    country: text('country'),
    website: text('website'),
    contact: text('contact'),
  },
  (t) => [index('customers_company_surname_idx').on(t.companyId, sql`lower(${t.surname})`)],
);

/**
 * The machines assigned to a customer: one customer per machine at most. `companyCode` is the
 * machine's service company when it was assigned: if the machine later goes to another service
 * company (or none), the assignment no longer counts for anyone's visibility.
 */
export const customerAppliances = pgTable(
  'customer_appliances',
  {
    serialNumber: text('serial_number')
      .primaryKey()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    companyCode: text('company_code').notNull(),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_appliances_customer_idx').on(t.customerId)],
);

/** Kitchen managers' accounts linked to a customer: each sees the customer's machines. */
export const customerAccounts = pgTable(
  'customer_accounts',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.userId] }), index('customer_accounts_user_idx').on(t.userId)],
);

/**
 * A named parameter set for one model of a company (device-areas §3, "Settings profile"): raw
 * values by catalogue key. At most one default per model and company (the partial unique index).
 */
export const settingsProfiles = pgTable(
  'settings_profiles',
  {
    ...companyOwned(),
    name: text('name').notNull(),
    modelNumber: text('model_number').notNull(),
    gamma: text('gamma').$type<TGamma>().notNull(),
    values: jsonb('values').$type<Record<string, number>>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    index('settings_profiles_company_model_idx').on(t.companyId, t.modelNumber, t.gamma),
    uniqueIndex('settings_profiles_one_default_key')
      .on(t.companyId, t.modelNumber, t.gamma)
      .where(sql`${t.isDefault}`),
  ],
);
