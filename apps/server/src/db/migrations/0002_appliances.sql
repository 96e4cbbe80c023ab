CREATE TABLE "alarms" (
	"serial_number" text NOT NULL,
	"id" uuid NOT NULL,
	"error_code" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"stop_date" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarms_serial_number_id_pk" PRIMARY KEY("serial_number","id")
);
--> statement-breakpoint
CREATE TABLE "appliance_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"args" jsonb NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "appliance_states" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"system_state" smallint,
	"cycle_type" text,
	"cycle_number" integer,
	"telemetry" jsonb,
	"versions" jsonb,
	"parameters" jsonb,
	"parameters_at" timestamp with time zone,
	"fota" jsonb,
	"stats" jsonb,
	"claiming_code_hash" text,
	"claiming_code_expires_at" timestamp with time zone,
	"claiming_failed_attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appliance_stats" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"stats" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appliances" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"model_number" text NOT NULL,
	"revision" text DEFAULT 'A' NOT NULL,
	"gamma" text NOT NULL,
	"type" text DEFAULT 'undercounter' NOT NULL,
	"rating_power" text NOT NULL,
	"fw00" text NOT NULL,
	"fw02" text NOT NULL,
	"secret_hash" text NOT NULL,
	"appliance_name" text,
	"owner_user_id" uuid,
	"company_code" text,
	"country" text,
	"installation_date" timestamp with time zone,
	"mac_address" text,
	"voltage" integer,
	"network_frequency" integer,
	"electricity_distribution" text,
	"assistance" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "haccp_events" (
	"serial_number" text NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cycle_name" text,
	"cycle_number" integer,
	"start" timestamp with time zone NOT NULL,
	"stop" timestamp with time zone NOT NULL,
	"completed" boolean,
	"measurements" jsonb,
	"parameter_name" text,
	"old_value" jsonb,
	"new_value" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "haccp_events_serial_number_id_pk" PRIMARY KEY("serial_number","id")
);
--> statement-breakpoint
CREATE TABLE "telemetry" (
	"serial_number" text NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"boiler_tmp" smallint,
	"tank_tmp" smallint,
	"water_tmp" smallint,
	"boiler_vlm" integer,
	"tank_vlm" integer,
	"rinse_water_vlm" integer,
	"rinse_water_flow_rate" integer,
	"cycle_time_progress" integer,
	"cycle_time_duration" integer
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appliance_commands" ADD CONSTRAINT "appliance_commands_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appliance_commands" ADD CONSTRAINT "appliance_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appliance_states" ADD CONSTRAINT "appliance_states_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appliance_stats" ADD CONSTRAINT "appliance_stats_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appliances" ADD CONSTRAINT "appliances_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "haccp_events" ADD CONSTRAINT "haccp_events_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_serial_start_idx" ON "alarms" USING btree ("serial_number","start_date");--> statement-breakpoint
CREATE INDEX "alarms_open_idx" ON "alarms" USING btree ("serial_number") WHERE "alarms"."stop_date" IS NULL;--> statement-breakpoint
CREATE INDEX "appliance_commands_serial_created_idx" ON "appliance_commands" USING btree ("serial_number","created_at");--> statement-breakpoint
CREATE INDEX "appliance_stats_serial_ts_idx" ON "appliance_stats" USING btree ("serial_number","ts");--> statement-breakpoint
CREATE INDEX "appliances_brand_owner_idx" ON "appliances" USING btree ("brand","owner_user_id");--> statement-breakpoint
CREATE INDEX "appliances_brand_company_idx" ON "appliances" USING btree ("brand","company_code");--> statement-breakpoint
CREATE INDEX "haccp_events_serial_start_idx" ON "haccp_events" USING btree ("serial_number","start");--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_serial_ts_key" ON "telemetry" USING btree ("serial_number","ts");