ALTER TABLE "alarms" ADD COLUMN "acknowledged_by" uuid;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledgement_note" text;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;