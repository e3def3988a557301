PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_notification_deliveries` (
	`user_id` text NOT NULL,
	`channel` text NOT NULL,
	`kind` text NOT NULL,
	`local_date` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `channel`, `kind`, `local_date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_notification_deliveries`("user_id", "channel", "kind", "local_date", "status", "attempts", "next_attempt_at", "last_error", "created_at") SELECT `notification_channels`.`user_id`, CAST(`notification_deliveries`.`channel_id` AS TEXT), `notification_deliveries`.`kind`, `notification_deliveries`.`local_date`, `notification_deliveries`.`status`, `notification_deliveries`.`attempts`, `notification_deliveries`.`next_attempt_at`, `notification_deliveries`.`last_error`, `notification_deliveries`.`created_at` FROM `notification_deliveries` JOIN `notification_channels` ON `notification_channels`.`id` = `notification_deliveries`.`channel_id`;--> statement-breakpoint
INSERT INTO `__new_notification_deliveries`("user_id", "channel", "kind", "local_date", "status", "attempts", "next_attempt_at", "last_error", "created_at") SELECT "user_id", 'telegram', "kind", "local_date", "status", CASE "status" WHEN 'sent' THEN 1 WHEN 'failed' THEN 1 ELSE 0 END, NULL, NULL, "created_at" FROM `alert_log`;--> statement-breakpoint
DROP TABLE `alert_log`;--> statement-breakpoint
DROP TABLE `notification_deliveries`;--> statement-breakpoint
ALTER TABLE `__new_notification_deliveries` RENAME TO `notification_deliveries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `notification_deliveries_created_idx` ON `notification_deliveries` (`created_at`);