import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAdminProfile, TBrandCode, TLanguage, TRole, TUserStatus } from '@washboard/contracts';
import { companies } from './companies';

/** Consents given at registration (terms: two checks, privacy: two checks, the second optional). */
export type TUserDetails = {
  tnc: { check_1: boolean; check_2: boolean };
  privacy: { check_1: boolean; check_2: boolean };
  acceptedAt: string;
};

/** An account of one brand; the same e-mail may hold separate accounts in different brands. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brand: text('brand').$type<TBrandCode>().notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<TRole>().notNull(),
    status: text('status').$type<TUserStatus>().notNull(),
    administrationProfile: text('administration_profile')
      .array()
      .$type<TAdminProfile[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    address: text('address'),
    houseNumber: text('house_number'),
    city: text('city'),
    postalCode: text('postal_code'),
    country: text('country'),
    /** IANA time zone the account's weekly report is timed and dated in; null: the country's (docs/notifications.md). */
    timeZone: text('time_zone'),
    phone: text('phone'),
    mobile: text('mobile'),
    language: text('language').$type<TLanguage>().notNull().default('it'),
    weeklyReport: boolean('weekly_report').notNull().default(false),
    thresholdNotifications: boolean('threshold_notifications').notNull().default(false),
    alarmNotifications: boolean('alarm_notifications').notNull().default(false),
    userDetails: jsonb('user_details').$type<TUserDetails>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_brand_email_key').on(t.brand, sql`lower(${t.email})`),
    index('users_brand_status_idx').on(t.brand, t.status),
    index('users_company_idx').on(t.companyId),
    // The administration table's other frequent orders (newest accounts, by surname) read a page
    // from these instead of sorting every account of the brand; by e-mail uses the unique index.
    index('users_brand_created_idx').on(t.brand, t.createdAt),
    index('users_brand_last_name_idx').on(t.brand, sql`lower(${t.lastName})`),
  ],
);
