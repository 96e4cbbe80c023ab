CREATE TABLE "haccp_inspector_link_openings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"network" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "haccp_inspector_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" text NOT NULL,
	"token_hash" text NOT NULL,
	"start_date" date NOT NULL,
	"stop_date" date NOT NULL,
	"label" text,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"revoked_by_name" text
);
--> statement-breakpoint
ALTER TABLE "haccp_inspector_link_openings" ADD CONSTRAINT "haccp_inspector_link_openings_link_id_haccp_inspector_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."haccp_inspector_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_inspector_links" ADD CONSTRAINT "haccp_inspector_links_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_inspector_links" ADD CONSTRAINT "haccp_inspector_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_inspector_links" ADD CONSTRAINT "haccp_inspector_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "haccp_inspector_link_openings_link_idx" ON "haccp_inspector_link_openings" USING btree ("link_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "haccp_inspector_links_token_key" ON "haccp_inspector_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "haccp_inspector_links_machine_idx" ON "haccp_inspector_links" USING btree ("serial_number","created_at");