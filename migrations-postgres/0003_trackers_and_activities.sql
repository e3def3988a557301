CREATE TABLE "activities" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"group_name" text,
	"position" bigint NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trackers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"kind" text NOT NULL,
	"emoji" text,
	"position" bigint NOT NULL,
	"min" double precision,
	"max" double precision,
	"min_label" text,
	"max_label" text,
	"unit" text,
	"decimals" bigint DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_user_name_uq" ON "activities" USING btree ("user_id","name_key");--> statement-breakpoint
CREATE INDEX "activities_user_position_idx" ON "activities" USING btree ("user_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_user_name_uq" ON "trackers" USING btree ("user_id","name_key");--> statement-breakpoint
CREATE INDEX "trackers_user_position_idx" ON "trackers" USING btree ("user_id","position");