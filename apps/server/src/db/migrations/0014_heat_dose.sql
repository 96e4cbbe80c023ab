ALTER TABLE "haccp_events" ADD COLUMN "rinse_trace" jsonb;--> statement-breakpoint
ALTER TABLE "haccp_events" ADD COLUMN "heat_dose" jsonb;