CREATE TABLE "audit_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"brand" text NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text NOT NULL,
	"account_email" text,
	"serial_number" text,
	"before" jsonb,
	"after" jsonb,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "audit_brand_id_idx" ON "audit_records" USING btree ("brand","id");--> statement-breakpoint
CREATE INDEX "audit_brand_at_idx" ON "audit_records" USING btree ("brand","at");--> statement-breakpoint
CREATE INDEX "audit_brand_action_idx" ON "audit_records" USING btree ("brand","action","id");--> statement-breakpoint
CREATE INDEX "audit_brand_serial_idx" ON "audit_records" USING btree ("brand","serial_number","id");--> statement-breakpoint
CREATE INDEX "audit_brand_actor_idx" ON "audit_records" USING btree ("brand",lower("actor_email"),"id");--> statement-breakpoint
CREATE INDEX "audit_brand_account_idx" ON "audit_records" USING btree ("brand","account_email","id");