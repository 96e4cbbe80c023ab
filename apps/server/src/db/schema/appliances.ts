import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  TBrandCode,
  TCommandName,
  TCycleMeasurements,
  THeatDose,
  TDeviceStats,
  TFotaStatus,
  TGamma,
  TTelemetry,
  TVersions,
  TDeviceInfo,
} from '@washboard/contracts';
import { users } from './users';

/** Technical assistance contacts of an appliance (ACV, ACPD, phone, e-mail, website). */
export type TAssistanceContacts = {
  acv?: string;
  acpd?: string;
  phone?: string;
  email?: string;
  website?: string;
};

/**
 * A product (a physical dishwasher) of one brand. The serial number is its MQTT identity, so it is
 * unique across brands. `ownerUserId` is the user who claimed it (a kitchen manager, usually);
 * `companyCode` the service company that looks after it.
 */
export const appliances = pgTable(
  'appliances',
  {
    serialNumber: text('serial_number').primaryKey(),
    brand: text('brand').$type<TBrandCode>().notNull(),
    modelNumber: text('model_number').notNull(),
    revision: text('revision').notNull().default('A'),
    gamma: text('gamma').$type<TGamma>().notNull(),
    type: text('type').notNull().default('undercounter'),
    ratingPower: text('rating_power').notNull(),
    fw00: text('fw00').notNull(),
    fw02: text('fw02').notNull(),
    secretHash: text('secret_hash').notNull(),
    applianceName: text('appliance_name'),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    companyCode: text('company_code'),
    country: text('country'),
    installationDate: timestamp('installation_date', { withTimezone: true }),
    macAddress: text('mac_address'),
    voltage: integer('voltage'),
    networkFrequency: integer('network_frequency'),
    electricityDistribution: text('electricity_distribution'),
    assistance: jsonb('assistance').$type<TAssistanceContacts>().notNull().default({}),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * When the machine last came to another kitchen (docs/permissions.md, "A machine that changes
     * hands"): each pair keeps who last held it on one side — its owner, its service company, the
     * customer of that company it is assigned to — kept when released or unassigned (no foreign key:
     * a deleted account or customer is still someone else), and since when that holder has it with
     * nobody else in between; null when no one held it before on that side (its first kitchen reads
     * all of its history) or since before migration 0037. Its owner reads the history from the later
     * of `ownerSince` and `customerSince`; the accounts linked to its customer from the latest of the
     * three (`historyFloor`, appliance-access.ts).
     */
    lastOwnerUserId: uuid('last_owner_user_id'),
    ownerSince: timestamp('owner_since', { withTimezone: true }),
    lastCompanyCode: text('last_company_code'),
    companySince: timestamp('company_since', { withTimezone: true }),
    lastCustomerId: uuid('last_customer_id'),
    /** The service company of that customer: a move among one company's customers is a kitchen's change of hands, the first customer of a new company is not. */
    lastCustomerCompany: text('last_customer_company'),
    customerSince: timestamp('customer_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The CSV import that added it (the `target_id` of that import's one audit record), so the audit
     * trail's machine filter finds who brought it in; null for a product added on its own.
     */
    importId: uuid('import_id'),
    /**
     * When administration deleted the product (docs/administration.md, "Manage Products"): it no
     * longer connects, nobody holds it and it is left out everywhere, but its records stay.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('appliances_brand_owner_idx').on(t.brand, t.ownerUserId),
    index('appliances_brand_company_idx').on(t.brand, t.companyCode),
    // The Manage Products table's first page and its default order (serial number), and its
    // order by model number, without reading the brand's 100,000 products.
    index('appliances_brand_serial_live_idx')
      .on(t.brand, t.serialNumber)
      .where(sql`${t.deletedAt} IS NULL`),
    index('appliances_brand_model_live_idx')
      .on(t.brand, t.modelNumber, t.serialNumber)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/** What a machine last said: connection, state, live values, versions, parameters, counters. */
export const applianceStates = pgTable('appliance_states', {
  serialNumber: text('serial_number')
    .primaryKey()
    .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
  online: boolean('online').notNull().default(false),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  systemState: smallint('system_state'),
  cycleType: text('cycle_type'),
  cycleNumber: integer('cycle_number'),
  telemetry: jsonb('telemetry').$type<TTelemetry>(),
  versions: jsonb('versions').$type<TVersions>(),
  /** the machine's last `info`: hardware, energy saving, installation */
  info: jsonb('info').$type<TDeviceInfo>(),
  /** its last `status` said the front panel is locked by a remote control session */
  panelLocked: boolean('panel_locked').notNull().default(false),
  parameters: jsonb('parameters').$type<Record<string, number>>(),
  parametersAt: timestamp('parameters_at', { withTimezone: true }),
  fota: jsonb('fota').$type<TFotaStatus>(),
  stats: jsonb('stats').$type<TDeviceStats>(),
  claimingCodeHash: text('claiming_code_hash'),
  claimingCodeExpiresAt: timestamp('claiming_code_expires_at', { withTimezone: true }),
  claimingFailedAttempts: integer('claiming_failed_attempts').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Telemetry time series, one row per message. Values as the machine sends them (tenths of °C,
 * litres × 10). One row per machine and instant, so a replayed message is stored once.
 */
export const telemetry = pgTable(
  'telemetry',
  {
    serialNumber: text('serial_number').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    boilerTmp: smallint('boiler_tmp'),
    tankTmp: smallint('tank_tmp'),
    waterTmp: smallint('water_tmp'),
    boilerVlm: integer('boiler_vlm'),
    tankVlm: integer('tank_vlm'),
    rinseWaterVlm: integer('rinse_water_vlm'),
    rinseWaterFlowRate: integer('rinse_water_flow_rate'),
    cycleTimeProgress: integer('cycle_time_progress'),
    cycleTimeDuration: integer('cycle_time_duration'),
  },
  (t) => [uniqueIndex('telemetry_serial_ts_key').on(t.serialNumber, t.ts)],
);

/** HACCP records (device-made ids: a replay stores nothing twice). */
export const haccpEvents = pgTable(
  'haccp_events',
  {
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    kind: text('kind').$type<'cycle' | 'parameter'>().notNull(),
    cycleName: text('cycle_name'),
    cycleNumber: integer('cycle_number'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    stop: timestamp('stop', { withTimezone: true }).notNull(),
    completed: boolean('completed'),
    measurements: jsonb('measurements').$type<TCycleMeasurements>(),
    /** The final-rinse trace the machine reported (tenths of °C, one a second), docs/hygiene.md. */
    rinseTrace: jsonb('rinse_trace').$type<number[]>(),
    /** HUE and A0 computed from `rinseTrace` when the record arrived (null without a trace). */
    heatDose: jsonb('heat_dose').$type<THeatDose>(),
    parameterName: text('parameter_name'),
    oldValue: jsonb('old_value').$type<number | null>(),
    newValue: jsonb('new_value').$type<number>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The record's entry in its machine's HACCP hash chain (docs/hygiene.md), kept in the record's
     * own row rather than in `haccp_chain`: one index entry per cycle record instead of a chain row
     * and its three, about 30 % less of what chaining costs the gateway's batches on PGlite (no gain
     * on PostgreSQL; docs/benchmarks.md, issue 19). Null until the
     * record is chained (a record older than the chain, or written past the gateway) and once
     * retention folded the entry into the machine's anchor. The entry's device time is `stop`.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    chainHash: text('chain_hash'),
    /** The device time was older than the newest the chain had seen: the machine had buffered it. */
    chainLate: boolean('chain_late'),
    /** When it entered the chain; never decreasing along a machine's chain. */
    chainedAt: timestamp('chained_at', { withTimezone: true }),
    /** Who carried the record home over the local link, and the name chained (as in `haccp_chain`). */
    carriedBy: uuid('carried_by'),
    carrierName: text('carrier_name'),
  },
  (t) => [
    primaryKey({ columns: [t.serialNumber, t.id] }),
    /** The chain's positions held here: the walk reads them in order, and one position is stored once. */
    uniqueIndex('haccp_events_chain_idx')
      .on(t.serialNumber, t.chainSeq)
      .where(sql`${t.chainSeq} is not null`),
    /** Read only by retention, as `haccp_chain_chained_at_idx` is. */
    index('haccp_events_chained_at_idx').using('brin', t.chainedAt),
    index('haccp_events_serial_start_idx').on(t.serialNumber, t.start),
    // Retention finds the records past HACCP_RETENTION_YEARS without reading the whole table.
    index('haccp_events_stop_idx').on(t.stop),
  ],
);

/** Alarms, opened and later closed by the same device-made id. */
export const alarms = pgTable(
  'alarms',
  {
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    errorCode: text('error_code').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    stopDate: timestamp('stop_date', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The alarm lifecycle (docs/alarms.md): who acknowledged it, when, with what note. */
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgementNote: text('acknowledgement_note'),
    /** Whom it is assigned to (someone who sees the machine), and since when. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** When the unacknowledged high-severity alarm's reminder and escalation went out (docs/alarms.md). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.serialNumber, t.id] }),
    index('alarms_serial_start_idx').on(t.serialNumber, t.startDate),
    index('alarms_open_idx')
      .on(t.serialNumber)
      .where(sql`${t.stopDate} IS NULL`),
    // Retention finds the closed alarms past HACCP_RETENTION_YEARS without reading the whole table.
    index('alarms_closed_stop_idx')
      .on(t.stopDate)
      .where(sql`${t.stopDate} IS NOT NULL`),
  ],
);

/** Lifetime counters over time (a snapshot per `stats` message), for the statistics charts. */
export const applianceStats = pgTable(
  'appliance_stats',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    stats: jsonb('stats').$type<TDeviceStats>().notNull(),
  },
  (t) => [index('appliance_stats_serial_ts_idx').on(t.serialNumber, t.ts)],
);

/**
 * The counters' snapshots rolled up per machine and UTC day (docs/retention.md, "Statistics"): the
 * day's first and last report and how many there were. The statistics charts read these, not
 * `appliance_stats`; the `statistics.rollup` job keeps them up to date.
 */
export const applianceStatsDaily = pgTable(
  'appliance_stats_daily',
  {
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    reports: integer('reports').notNull(),
    firstTs: timestamp('first_ts', { withTimezone: true }).notNull(),
    first: jsonb('first').$type<TDeviceStats>().notNull(),
    lastTs: timestamp('last_ts', { withTimezone: true }).notNull(),
    last: jsonb('last').$type<TDeviceStats>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.serialNumber, t.day] })],
);

export type TCommandStatus = 'pending' | 'ok' | 'error' | 'timeout' | 'offline';

/** Every command sent to a machine: who, what, when, and how the machine answered. */
export const applianceCommands = pgTable(
  'appliance_commands',
  {
    id: uuid('id').primaryKey(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => appliances.serialNumber, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').$type<TCommandName>().notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<TCommandStatus>().notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('appliance_commands_serial_created_idx').on(t.serialNumber, t.createdAt)],
);
