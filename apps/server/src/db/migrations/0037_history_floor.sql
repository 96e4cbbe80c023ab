ALTER TABLE "appliances" ADD COLUMN "last_owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "owner_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "last_company_code" text;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "company_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "last_customer_id" uuid;--> statement-breakpoint
ALTER TABLE "appliances" ADD COLUMN "customer_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "haccp_inspector_links" ADD COLUMN "records_from" timestamp with time zone;--> statement-breakpoint
-- Machines held before: their holders keep all of their history (the *_since columns stay null);
-- the floor applies from the next change of hands.
UPDATE "appliances" SET "last_owner_user_id" = "owner_user_id", "last_company_code" = "company_code";--> statement-breakpoint
UPDATE "appliances" a SET "last_customer_id" = ca."customer_id" FROM "customer_appliances" ca WHERE ca."serial_number" = a."serial_number";
