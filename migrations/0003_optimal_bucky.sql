CREATE TABLE `notification_channels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`url` text,
	`token_cipher` text,
	`secret_cipher` text,
	`priority` integer,
	`tags` text,
	`your_day` integer NOT NULL,
	`check_in` integer NOT NULL,
	`disabled_reason` text,
	`disabled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_channels_user_idx` ON `notification_channels` (`user_id`);--> statement-breakpoint
CREATE TABLE `notification_deliveries` (
	`channel_id` integer NOT NULL,
	`kind` text NOT NULL,
	`local_date` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`channel_id`, `kind`, `local_date`),
	FOREIGN KEY (`channel_id`) REFERENCES `notification_channels`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_deliveries_created_idx` ON `notification_deliveries` (`created_at`);--> statement-breakpoint
CREATE TABLE `notification_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`your_day_time` text DEFAULT '07:00' NOT NULL,
	`check_in_time` text DEFAULT '20:00' NOT NULL,
	`day_start` text DEFAULT '00:00' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
