CREATE TABLE `check_in_activities` (
	`check_in_id` integer NOT NULL,
	`activity_id` integer NOT NULL,
	PRIMARY KEY(`check_in_id`, `activity_id`),
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`activity_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_in_activities_activity_idx` ON `check_in_activities` (`activity_id`);--> statement-breakpoint
CREATE TABLE `check_in_values` (
	`check_in_id` integer NOT NULL,
	`tracker_id` integer NOT NULL,
	`value` real NOT NULL,
	PRIMARY KEY(`check_in_id`, `tracker_id`),
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tracker_id`) REFERENCES `trackers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_in_values_tracker_idx` ON `check_in_values` (`tracker_id`);--> statement-breakpoint
CREATE TABLE `activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`group_name` text,
	`position` integer NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activities_user_name_uq` ON `activities` (`user_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `activities_user_position_idx` ON `activities` (`user_id`,`position`);--> statement-breakpoint
CREATE TABLE `trackers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`kind` text NOT NULL,
	`emoji` text,
	`position` integer NOT NULL,
	`min` real,
	`max` real,
	`min_label` text,
	`max_label` text,
	`unit` text,
	`decimals` integer DEFAULT 0 NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`shared` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trackers_user_name_uq` ON `trackers` (`user_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `trackers_user_position_idx` ON `trackers` (`user_id`,`position`);--> statement-breakpoint
ALTER TABLE `users` ADD `streak_skip_days` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `streak_pauses` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `streak_shared` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `check_ins` ADD `note` text;--> statement-breakpoint
ALTER TABLE `friend_requests` ADD `by_email` integer DEFAULT false NOT NULL;