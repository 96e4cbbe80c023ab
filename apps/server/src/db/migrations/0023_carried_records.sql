ALTER TABLE "haccp_chain" ADD COLUMN "carried_by" uuid;--> statement-breakpoint
ALTER TABLE "haccp_chain" ADD COLUMN "carrier_name" text;--> statement-breakpoint
ALTER TABLE "haccp_chain" ADD CONSTRAINT "haccp_chain_carried_by_users_id_fk" FOREIGN KEY ("carried_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;