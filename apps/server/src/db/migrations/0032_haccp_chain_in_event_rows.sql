ALTER TABLE "haccp_events" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "haccp_events" ADD COLUMN "chain_hash" text;--> statement-breakpoint
ALTER TABLE "haccp_events" ADD COLUMN "chain_late" boolean;--> statement-breakpoint
ALTER TABLE "haccp_events" ADD COLUMN "chained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "haccp_events" ADD COLUMN "carried_by" uuid;--> statement-breakpoint
ALTER TABLE "haccp_events" ADD COLUMN "carrier_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "haccp_events_chain_idx" ON "haccp_events" USING btree ("serial_number","chain_seq") WHERE "haccp_events"."chain_seq" is not null;--> statement-breakpoint
CREATE INDEX "haccp_events_chained_at_idx" ON "haccp_events" USING brin ("chained_at");--> statement-breakpoint
UPDATE "haccp_events" e SET "chain_seq" = c."seq", "chain_hash" = c."hash", "chain_late" = c."late", "chained_at" = c."chained_at",
  "carried_by" = c."carried_by", "carrier_name" = c."carrier_name"
FROM "haccp_chain" c WHERE c."kind" = 'event' AND c."serial_number" = e."serial_number" AND c."record_id" = e."id";--> statement-breakpoint
DELETE FROM "haccp_chain" c WHERE c."kind" = 'event' AND EXISTS (
  SELECT 1 FROM "haccp_events" e WHERE e."serial_number" = c."serial_number" AND e."chain_seq" = c."seq");--> statement-breakpoint
CREATE VIEW "haccp_chain_entries" AS
  SELECT "serial_number", "seq", "kind", "record_id", "late", "device_time", "chained_at", "hash", "carried_by", "carrier_name"
  FROM "haccp_chain"
  UNION ALL
  SELECT "serial_number", "chain_seq", 'event', "id", "chain_late", "stop", "chained_at", "chain_hash", "carried_by", "carrier_name"
  FROM "haccp_events" WHERE "chain_seq" IS NOT NULL;
