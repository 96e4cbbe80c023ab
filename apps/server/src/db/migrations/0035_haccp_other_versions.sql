CREATE TABLE "haccp_other_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"record" jsonb NOT NULL,
	"carried_by" uuid,
	"carrier_name" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "haccp_other_versions" ADD CONSTRAINT "haccp_other_versions_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "haccp_other_versions_record_idx" ON "haccp_other_versions" USING btree ("serial_number","record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "haccp_other_versions_once_idx" ON "haccp_other_versions" USING btree ("serial_number","record_kind","record_id",md5(("record")::text),coalesce("carried_by", '00000000-0000-0000-0000-000000000000'::uuid));