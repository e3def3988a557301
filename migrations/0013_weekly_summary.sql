ALTER TABLE `notification_channels` ADD `weekly` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_settings` ADD `weekly_time` text DEFAULT '19:00' NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_settings` ADD `weekly_telegram` integer DEFAULT false NOT NULL;