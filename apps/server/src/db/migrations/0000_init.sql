CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"parent_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_code_six_digits" CHECK ("companies"."code" ~ '^[0-9]{6}$'),
	CONSTRAINT "companies_parent_code_six_digits" CHECK ("companies"."parent_code" IS NULL OR "companies"."parent_code" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"administration_profile" text[] DEFAULT '{}'::text[] NOT NULL,
	"company_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address" text,
	"house_number" text,
	"city" text,
	"postal_code" text,
	"country" text,
	"phone" text,
	"mobile" text,
	"language" text DEFAULT 'it' NOT NULL,
	"weekly_report" boolean DEFAULT false NOT NULL,
	"threshold_notifications" boolean DEFAULT false NOT NULL,
	"alarm_notifications" boolean DEFAULT false NOT NULL,
	"user_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_brand_code_key" ON "companies" USING btree ("brand","code");--> statement-breakpoint
CREATE INDEX "companies_brand_parent_idx" ON "companies" USING btree ("brand","parent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_brand_email_key" ON "users" USING btree ("brand",lower("email"));--> statement-breakpoint
CREATE INDEX "users_brand_status_idx" ON "users" USING btree ("brand","status");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");