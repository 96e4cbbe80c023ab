CREATE TABLE "appliance_stats_daily" (
	"serial_number" text NOT NULL,
	"day" date NOT NULL,
	"reports" integer NOT NULL,
	"first_ts" timestamp with time zone NOT NULL,
	"first" jsonb NOT NULL,
	"last_ts" timestamp with time zone NOT NULL,
	"last" jsonb NOT NULL,
	CONSTRAINT "appliance_stats_daily_serial_number_day_pk" PRIMARY KEY("serial_number","day")
);
--> statement-breakpoint
ALTER TABLE "appliance_stats_daily" ADD CONSTRAINT "appliance_stats_daily_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;