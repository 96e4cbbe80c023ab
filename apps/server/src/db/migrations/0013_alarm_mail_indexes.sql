DROP INDEX "alarm_mail_queue_created_idx";--> statement-breakpoint
CREATE INDEX "alarm_mail_queue_waiting_idx" ON "alarm_mail_queue" USING btree ("user_id") WHERE "alarm_mail_queue"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alarm_mail_queue_mailed_idx" ON "alarm_mail_queue" USING btree ("mailed_at");