CREATE TABLE "telemetry_minutes" (
	"serial_number" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"boiler_tmp_min" smallint,
	"boiler_tmp_max" smallint,
	"tank_tmp_min" smallint,
	"tank_tmp_max" smallint,
	"water_tmp_min" smallint,
	"water_tmp_max" smallint,
	"boiler_vlm_min" integer,
	"boiler_vlm_max" integer,
	"tank_vlm_min" integer,
	"tank_vlm_max" integer,
	"rinse_water_vlm_min" integer,
	"rinse_water_vlm_max" integer,
	CONSTRAINT "telemetry_minutes_serial_number_minute_pk" PRIMARY KEY("serial_number","minute")
);
--> statement-breakpoint
CREATE TABLE "telemetry_rollup_marks" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"rolled_to" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
