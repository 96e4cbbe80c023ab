CREATE TABLE "appliance_thresholds" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threshold_mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"serial_number" text NOT NULL,
	"condition" text NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "threshold_states" (
	"serial_number" text NOT NULL,
	"condition" text NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "threshold_states_serial_number_condition_pk" PRIMARY KEY("serial_number","condition")
);
--> statement-breakpoint
ALTER TABLE "appliance_thresholds" ADD CONSTRAINT "appliance_thresholds_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_mail_queue" ADD CONSTRAINT "threshold_mail_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "threshold_states" ADD CONSTRAINT "threshold_states_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "threshold_mail_queue_waiting_idx" ON "threshold_mail_queue" USING btree ("user_id") WHERE "threshold_mail_queue"."mailed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "threshold_mail_queue_mailed_idx" ON "threshold_mail_queue" USING btree ("mailed_at");