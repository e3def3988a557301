CREATE TABLE "check_in_activities" (
	"check_in_id" bigint NOT NULL,
	"activity_id" text NOT NULL,
	CONSTRAINT "check_in_activities_check_in_id_activity_id_pk" PRIMARY KEY("check_in_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_values" (
	"check_in_id" bigint NOT NULL,
	"tracker_id" text NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "check_in_values_check_in_id_tracker_id_pk" PRIMARY KEY("check_in_id","tracker_id")
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "check_in_activities" ADD CONSTRAINT "check_in_activities_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_activities" ADD CONSTRAINT "check_in_activities_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_values" ADD CONSTRAINT "check_in_values_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_values" ADD CONSTRAINT "check_in_values_tracker_id_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_activities_activity_idx" ON "check_in_activities" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "check_in_values_tracker_idx" ON "check_in_values" USING btree ("tracker_id");