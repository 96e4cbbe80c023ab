CREATE TABLE "service_pins" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"pin_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"session_hash" text,
	"session_expires_at" timestamp with time zone,
	"reset_token_hash" text,
	"reset_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appliance_states" ADD COLUMN "info" jsonb;--> statement-breakpoint
ALTER TABLE "appliance_states" ADD COLUMN "panel_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_pins" ADD CONSTRAINT "service_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_pins_session_key" ON "service_pins" USING btree ("session_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "service_pins_reset_key" ON "service_pins" USING btree ("reset_token_hash");