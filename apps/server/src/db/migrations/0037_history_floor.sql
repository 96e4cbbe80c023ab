ALTER TABLE "appliances" ADD COLUMN "last_owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "owner_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "last_company_code" text;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "company_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "last_customer_id" uuid;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "last_customer_company" text;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "customer_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "haccp_inspector_links" ADD COLUMN "records_from" timestamp with time zone;--> statement-breakpoint
-- Machines held before: their holders keep all of their history (the *_since columns stay null);
-- the floor applies from the next change of hands. Only a kitchen manager's hold counts as a kitchen's.
UPDATE "appliances" a SET "last_owner_user_id" = a."owner_user_id" FROM "users" u WHERE u."id" = a."owner_user_id" AND u."role" = 'KITCHEN_MANAGER';--> statement-breakpoint
UPDATE "appliances" SET "last_company_code" = "company_code" WHERE "company_code" IS NOT NULL;--> statement-breakpoint
UPDATE "appliances" a SET "last_customer_id" = ca."customer_id", "last_customer_company" = ca."company_code" FROM "customer_appliances" ca WHERE ca."serial_number" = a."serial_number";--> statement-breakpoint
-- A machine with records and no known holder on a side may have been with a kitchen before: whoever
-- takes it next on that side reads its history from then on (an unknown earlier holder: the nil
-- UUID, or an empty company code).
UPDATE "appliances" a SET
  "last_owner_user_id" = coalesce(a."last_owner_user_id", '00000000-0000-0000-0000-000000000000'),
  "last_company_code" = coalesce(a."last_company_code", ''),
  "last_customer_id" = coalesce(a."last_customer_id", '00000000-0000-0000-0000-000000000000'),
  "last_customer_company" = coalesce(a."last_customer_company", '')
WHERE (a."last_owner_user_id" IS NULL OR a."last_company_code" IS NULL OR a."last_customer_id" IS NULL)
  AND (EXISTS (SELECT 1 FROM "haccp_events" e WHERE e."serial_number" = a."serial_number")
    OR EXISTS (SELECT 1 FROM "alarms" al WHERE al."serial_number" = a."serial_number")
    OR EXISTS (SELECT 1 FROM "appliance_stats" s WHERE s."serial_number" = a."serial_number")
    OR EXISTS (SELECT 1 FROM "telemetry" t WHERE t."serial_number" = a."serial_number"));
