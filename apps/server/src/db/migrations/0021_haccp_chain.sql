CREATE TABLE "haccp_chain" (
	"serial_number" text NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"late" boolean NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"chained_at" timestamp with time zone NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "haccp_chain_serial_number_seq_pk" PRIMARY KEY("serial_number","seq")
);
--> statement-breakpoint
CREATE TABLE "haccp_chain_heads" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"hash" text DEFAULT '0000000000000000000000000000000000000000000000000000000000000000' NOT NULL,
	"device_time" timestamp with time zone,
	"chained_at" timestamp with time zone,
	"anchor_seq" bigint DEFAULT 0 NOT NULL,
	"anchor_hash" text DEFAULT '0000000000000000000000000000000000000000000000000000000000000000' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "haccp_close_outs" (
	"serial_number" text NOT NULL,
	"day" date NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewer_name" text,
	"reviewed_at" timestamp with time zone,
	"review_signature" text,
	CONSTRAINT "haccp_close_outs_serial_number_day_pk" PRIMARY KEY("serial_number","day")
);
--> statement-breakpoint
CREATE TABLE "haccp_corrections" (
	"serial_number" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"corrects_kind" text NOT NULL,
	"corrects_id" uuid NOT NULL,
	"note" text NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "haccp_corrections_serial_number_id_pk" PRIMARY KEY("serial_number","id")
);
--> statement-breakpoint
ALTER TABLE "haccp_chain" ADD CONSTRAINT "haccp_chain_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_chain_heads" ADD CONSTRAINT "haccp_chain_heads_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_close_outs" ADD CONSTRAINT "haccp_close_outs_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_close_outs" ADD CONSTRAINT "haccp_close_outs_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_corrections" ADD CONSTRAINT "haccp_corrections_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_corrections" ADD CONSTRAINT "haccp_corrections_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "haccp_chain_record_idx" ON "haccp_chain" USING btree ("serial_number","record_id");--> statement-breakpoint
CREATE INDEX "haccp_chain_chained_at_idx" ON "haccp_chain" USING btree ("chained_at");--> statement-breakpoint
CREATE INDEX "haccp_corrections_target_idx" ON "haccp_corrections" USING btree ("serial_number","corrects_id");