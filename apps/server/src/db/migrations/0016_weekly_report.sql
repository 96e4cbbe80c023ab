CREATE TABLE "appliance_offline_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" text NOT NULL,
	"offline_at" timestamp with time zone NOT NULL,
	"online_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "weekly_reports" (
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_reports_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "appliance_offline_periods" ADD CONSTRAINT "appliance_offline_periods_serial_number_appliances_serial_number_fk" FOREIGN KEY ("serial_number") REFERENCES "public"."appliances"("serial_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD CONSTRAINT "weekly_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appliance_offline_periods_serial_offline_idx" ON "appliance_offline_periods" USING btree ("serial_number","offline_at");--> statement-breakpoint
-- Every change of a machine's online flag, by whatever path, opens or closes its offline stretch.
-- Gone offline: from when it was last heard (the presence sweep notices 90 s later), never later than now.
CREATE FUNCTION appliance_offline_period_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.online THEN
    UPDATE appliance_offline_periods SET online_at = now()
      WHERE serial_number = NEW.serial_number AND online_at IS NULL;
  ELSE
    INSERT INTO appliance_offline_periods (serial_number, offline_at)
      VALUES (NEW.serial_number, least(coalesce(NEW.last_seen_at, now()), now()));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER appliance_offline_period_track AFTER UPDATE OF online ON appliance_states
  FOR EACH ROW WHEN (OLD.online IS DISTINCT FROM NEW.online) EXECUTE FUNCTION appliance_offline_period_track();
--> statement-breakpoint
-- The machines offline now start their stretch at their last message.
INSERT INTO appliance_offline_periods (serial_number, offline_at)
  SELECT serial_number, least(coalesce(last_seen_at, now()), now()) FROM appliance_states WHERE NOT online;
