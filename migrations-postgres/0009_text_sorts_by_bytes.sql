-- The search triggers' WHEN clauses read check_ins.note, whose type (its collation) cannot change under them:
-- dropped first and made again, unchanged, at the end.
DROP TRIGGER "search_day_note_insert" ON "check_ins";--> statement-breakpoint
DROP TRIGGER "search_day_note_update" ON "check_ins";--> statement-breakpoint
DROP TRIGGER "search_day_note_delete" ON "check_ins";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'user';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "pending_email" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "profile_image_path" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "language" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "language" SET DEFAULT 'en';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "timezone" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "timezone" SET DEFAULT 'UTC';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "day_start" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "day_start" SET DEFAULT '00:00';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "date_format" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "date_format" SET DEFAULT 'dd.mm.YYYY';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "time_format" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "time_format" SET DEFAULT 'H:i';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "navigation" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "ai_key_cipher" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "temperature_unit" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "temperature_unit" SET DEFAULT 'c';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "weather_city" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "enabled_trackers" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "enabled_trackers" SET DEFAULT '["mood","sports","water","sleep","dreams","work","food_quality","food_amount"]';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "streak_pauses" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "streak_pauses" SET DEFAULT '[]';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "selected_sports" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "selected_sports" SET DEFAULT '["dumbbell","bike","mountain","footprints","waves_ladder"]';--> statement-breakpoint
ALTER TABLE "check_ins" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "check_ins" ALTER COLUMN "date" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "check_ins" ALTER COLUMN "more_sports" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "check_ins" ALTER COLUMN "note" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "check_ins" ALTER COLUMN "values_json" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "check_ins" ALTER COLUMN "activities_json" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "name" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "name_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "group_name" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "sports" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "sports" ALTER COLUMN "name" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "sports" ALTER COLUMN "name_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "sports" ALTER COLUMN "emoji" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trackers" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trackers" ALTER COLUMN "name" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trackers" ALTER COLUMN "name_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trackers" ALTER COLUMN "kind" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trackers" ALTER COLUMN "emoji" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trackers" ALTER COLUMN "min_label" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trackers" ALTER COLUMN "max_label" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "trackers" ALTER COLUMN "unit" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_docs" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_docs" ALTER COLUMN "source" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_docs" ALTER COLUMN "library" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_docs" ALTER COLUMN "ref" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_docs" ALTER COLUMN "title" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_docs" ALTER COLUMN "body" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "search_docs" ALTER COLUMN "day" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "token_hash" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "label" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "trackers" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "from_date" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "to_date" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "clipboard_entries" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "clipboard_entries" ALTER COLUMN "type" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "clipboard_entries" ALTER COLUMN "content" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "clipboard_entries" ALTER COLUMN "content" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "clipboard_entries" ALTER COLUMN "file_path" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "clipboard_entries" ALTER COLUMN "mime_type" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "library_items" ALTER COLUMN "id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "library_items" ALTER COLUMN "user_id" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "library_items" ALTER COLUMN "library" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "library_items" ALTER COLUMN "data" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "library_items" ALTER COLUMN "dedupe_key" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
CREATE TRIGGER "search_day_note_insert" AFTER INSERT ON "check_ins" FOR EACH ROW WHEN (NEW."note" <> '') EXECUTE FUNCTION "search_day_notes"();--> statement-breakpoint
CREATE TRIGGER "search_day_note_update" AFTER UPDATE OF "note" ON "check_ins" FOR EACH ROW WHEN (OLD."note" IS DISTINCT FROM NEW."note") EXECUTE FUNCTION "search_day_notes"();--> statement-breakpoint
CREATE TRIGGER "search_day_note_delete" AFTER DELETE ON "check_ins" FOR EACH ROW WHEN (OLD."note" <> '') EXECUTE FUNCTION "search_day_notes"();
