CREATE TABLE "default_parameters" (
	"brand" text NOT NULL,
	"model_number" text NOT NULL,
	"gamma" text NOT NULL,
	"code" text NOT NULL,
	"value" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "default_parameters_brand_model_number_gamma_code_pk" PRIMARY KEY("brand","model_number","gamma","code")
);
--> statement-breakpoint
ALTER TABLE "default_parameters" ADD CONSTRAINT "default_parameters_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;