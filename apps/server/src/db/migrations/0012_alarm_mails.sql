CREATE TABLE "alarm_mail_queue" (
	"user_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"alarm_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "alarm_mail_queue_user_id_serial_number_alarm_id_pk" PRIMARY KEY("user_id","serial_number","alarm_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_mail_queue" ADD CONSTRAINT "alarm_mail_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_mail_queue_created_idx" ON "alarm_mail_queue" USING btree ("created_at");