CREATE TABLE "board_replacements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" text NOT NULL,
	"old_board_serial" text,
	"new_board_serial" text NOT NULL,
	"replaced_by" uuid,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restore" jsonb NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "board_replacements" ADD CONSTRAINT "board_replacements_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_replacements" ADD CONSTRAINT "board_replacements_replaced_by_users_id_fk" FOREIGN KEY ("replaced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_replacements_machine_idx" ON "board_replacements" USING btree ("serial_number","replaced_at");--> statement-breakpoint
CREATE INDEX "board_replacements_board_idx" ON "board_replacements" USING btree ("new_board_serial");