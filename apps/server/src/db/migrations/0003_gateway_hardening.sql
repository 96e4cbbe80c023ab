CREATE TABLE "device_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_number" text,
	"brand" text,
	"topic" text NOT NULL,
	"payload" text NOT NULL,
	"payload_bytes" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "device_dead_letters_brand_serial_idx" ON "device_dead_letters" USING btree ("brand","serial_number","id");