import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TBrandCode, TGamma } from '@washboard/contracts';
import { users } from './users';

/**
 * The default parameter list of each model of a brand (docs/administration.md): only the values an
 * administrator changed from the catalogue's default; a model without rows uses the catalogue.
 * A model is its model number within its range (the range decides which parameters exist).
 */
export const defaultParameters = pgTable(
  'default_parameters',
  {
    brand: text('brand').$type<TBrandCode>().notNull(),
    modelNumber: text('model_number').notNull(),
    gamma: text('gamma').$type<TGamma>().notNull(),
    /** A key of the parameter catalogue ('S25', 'intensive.washDuration'). */
    code: text('code').notNull(),
    /** Raw, as the machine takes it. */
    value: integer('value').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.brand, t.modelNumber, t.gamma, t.code] })],
);
