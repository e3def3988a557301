CREATE TABLE `check_in_activities` (
	`check_in_id` integer NOT NULL,
	`activity_id` text NOT NULL,
	PRIMARY KEY(`check_in_id`, `activity_id`),
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`activity_id`) REFERENCES `activities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_in_activities_activity_idx` ON `check_in_activities` (`activity_id`);--> statement-breakpoint
CREATE TABLE `check_in_values` (
	`check_in_id` integer NOT NULL,
	`tracker_id` text NOT NULL,
	`value` real NOT NULL,
	PRIMARY KEY(`check_in_id`, `tracker_id`),
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tracker_id`) REFERENCES `trackers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `check_in_values_tracker_idx` ON `check_in_values` (`tracker_id`);--> statement-breakpoint
ALTER TABLE `check_ins` ADD `note` text;