ALTER TABLE "users" ADD COLUMN "streak_skip_days" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "streak_pauses" text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "streak_shared" boolean DEFAULT false NOT NULL;