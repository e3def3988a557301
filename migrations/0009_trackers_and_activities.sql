CREATE TABLE `activities` (
	`id` text PRIMARY KEY NOT NULL,
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
	`id` text PRIMARY KEY NOT NULL,
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
CREATE INDEX `trackers_user_position_idx` ON `trackers` (`user_id`,`position`);