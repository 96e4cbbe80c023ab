CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"brand" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"claim" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "mail_outbox_due_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_leased_idx" ON "jobs" USING btree ("locked_until") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("finished_at") WHERE state = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_idx" ON "jobs" USING btree ("kind","dedupe_key") WHERE state in ('queued', 'running');--> statement-breakpoint
-- Mails still waiting to be sent move onto the queue: one mail.send job each (docs/jobs.md).
INSERT INTO "jobs" ("kind", "payload", "brand", "max_attempts") SELECT 'mail.send', jsonb_build_object('mailId', "id"), "brand", 30 FROM "mail_outbox" WHERE "status" = 'pending';--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "last_error";