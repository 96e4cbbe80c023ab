import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TBrandCode } from '@washboard/contracts';

/**
 * A company: a customer, a service company or a service partner. `code` is the six-digit company
 * code, generated (the spec's "company code (tax number)"; it is not a tax number); `parentCode` the
 * code of the service partner above it in the hierarchy.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand: text('brand').$type<TBrandCode>().notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    parentCode: text('parent_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_brand_code_key').on(t.brand, t.code),
    index('companies_brand_parent_idx').on(t.brand, t.parentCode),
    check('companies_code_six_digits', sql`${t.code} ~ '^[0-9]{6}$'`),
    check('companies_parent_code_six_digits', sql`${t.parentCode} IS NULL OR ${t.parentCode} ~ '^[0-9]{6}$'`),
  ],
);
