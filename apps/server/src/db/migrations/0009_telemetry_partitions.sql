-- Telemetry partitioned by day (docs/retention.md, docs/decisions.md "Telemetry partitions"): the
-- existing table is renamed, a partitioned one takes its name, a partition is made for every day
-- the existing rows cover (and today and the next 7 days), the rows are moved, the old table goes.
-- Hand-written: drizzle-kit cannot express partitioning; the schema in schema/appliances.ts still
-- describes the table's columns and its unique key for queries and for `db:generate`.
ALTER TABLE "telemetry" RENAME TO "telemetry_unpartitioned";--> statement-breakpoint
ALTER INDEX "telemetry_serial_ts_key" RENAME TO "telemetry_unpartitioned_serial_ts_key";--> statement-breakpoint
CREATE TABLE "telemetry" (LIKE "telemetry_unpartitioned" INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE ("ts");--> statement-breakpoint
CREATE UNIQUE INDEX "telemetry_serial_ts_key" ON "telemetry" USING btree ("serial_number","ts");--> statement-breakpoint
-- Rows no daily partition covers (a machine whose clock is far off, a replay of a day already
-- dropped) land here instead of being refused: nothing a machine sent is lost.
CREATE TABLE "telemetry_default" PARTITION OF "telemetry" DEFAULT;--> statement-breakpoint
-- Makes the partition of one UTC day if it is missing; rows of that day waiting in the default
-- partition move into it first (attaching would fail otherwise). Serialised by an advisory lock so
-- two callers never race. Answers whether it made the partition. The upkeep job calls it every day.
CREATE OR REPLACE FUNCTION "telemetry_ensure_partition"(day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  name text := 'telemetry_p' || to_char(day, 'YYYYMMDD');
  lo timestamptz := day::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := (day + 1)::timestamp AT TIME ZONE 'UTC';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('telemetry_ensure_partition'));
  IF to_regclass(name) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE telemetry INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', name);
  EXECUTE format(
    'WITH moved AS (DELETE FROM telemetry_default WHERE ts >= %L AND ts < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    lo, hi, name);
  EXECUTE format('ALTER TABLE telemetry ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, lo, hi);
  RETURN true;
END
$$;--> statement-breakpoint
-- Partitions only for the days of the last 400 and the next 7: rows dated further away (a machine
-- whose clock was reset to 1970) go to the default partition like such rows arriving later, where
-- retention never deletes them — a partition of 1970 would be dropped by the first retention run.
-- It also bounds the partitions this one transaction makes (and the locks it holds) to about 408.
SELECT "telemetry_ensure_partition"(d::date)
FROM (
  SELECT DISTINCT (ts AT TIME ZONE 'UTC')::date AS d FROM "telemetry_unpartitioned"
  WHERE ts < (now() AT TIME ZONE 'UTC')::date + 8 AND ts >= (now() AT TIME ZONE 'UTC')::date - 400
  UNION
  SELECT generate_series((now() AT TIME ZONE 'UTC')::date, (now() AT TIME ZONE 'UTC')::date + 7, interval '1 day')::date
) AS days;--> statement-breakpoint
INSERT INTO "telemetry" SELECT * FROM "telemetry_unpartitioned";--> statement-breakpoint
DROP TABLE "telemetry_unpartitioned";
