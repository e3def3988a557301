ALTER TABLE "check_ins" ADD COLUMN "values_json" text;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "activities_json" text;--> statement-breakpoint
-- A day's values and activities as the JSON its answer carries, kept on its row as on SQLite (migrations/0015):
-- ids ascending, numbers as JavaScript writes them (float8's shortest text is JavaScript's within ±10⁹ at 3
-- decimals, all a value may be, except for a negative zero's "-0"). A view each, so the trigger and the backfill
-- say it once.
CREATE VIEW "check_in_values_json" AS
  SELECT "check_in_id", '{' || string_agg('"' || "tracker_id" || '":' || CASE WHEN "value" = 0 THEN '0' ELSE "value"::text END, ',' ORDER BY "tracker_id") || '}' AS "json"
  FROM "check_in_values" GROUP BY "check_in_id";--> statement-breakpoint
CREATE VIEW "check_in_activities_json" AS
  SELECT "check_in_id", '[' || string_agg("activity_id"::text, ',' ORDER BY "activity_id") || ']' AS "json"
  FROM "check_in_activities" GROUP BY "check_in_id";--> statement-breakpoint
-- The day's row is locked first, so of two transactions writing one day the later one reads the other's committed
-- rows in its next statement: its text has both.
CREATE FUNCTION "check_in_extras_json"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD."check_in_id" ELSE NEW."check_in_id" END;
BEGIN
  PERFORM 1 FROM "check_ins" WHERE "id" = day FOR UPDATE;
  IF TG_TABLE_NAME = 'check_in_values' THEN
    UPDATE "check_ins" SET "values_json" = (SELECT "json" FROM "check_in_values_json" WHERE "check_in_id" = day) WHERE "id" = day;
  ELSE
    UPDATE "check_ins" SET "activities_json" = (SELECT "json" FROM "check_in_activities_json" WHERE "check_in_id" = day) WHERE "id" = day;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "check_in_values_json" AFTER INSERT OR UPDATE OR DELETE ON "check_in_values" FOR EACH ROW EXECUTE FUNCTION "check_in_extras_json"();--> statement-breakpoint
CREATE TRIGGER "check_in_activities_json" AFTER INSERT OR UPDATE OR DELETE ON "check_in_activities" FOR EACH ROW EXECUTE FUNCTION "check_in_extras_json"();--> statement-breakpoint
UPDATE "check_ins" SET
  "values_json" = (SELECT "json" FROM "check_in_values_json" WHERE "check_in_id" = "check_ins"."id"),
  "activities_json" = (SELECT "json" FROM "check_in_activities_json" WHERE "check_in_id" = "check_ins"."id")
  WHERE "id" IN (SELECT "check_in_id" FROM "check_in_values" UNION SELECT "check_in_id" FROM "check_in_activities");
