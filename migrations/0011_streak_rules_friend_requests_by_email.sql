ALTER TABLE `users` ADD `streak_skip_days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `streak_pauses` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `streak_shared` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `friend_requests` ADD `by_email` integer DEFAULT false NOT NULL;