ALTER TABLE `users` ADD `day_start` text DEFAULT '00:00' NOT NULL;--> statement-breakpoint
UPDATE `users` SET `day_start` = (SELECT `day_start` FROM `notification_settings` WHERE `notification_settings`.`user_id` = `users`.`id`) WHERE `id` IN (SELECT `user_id` FROM `notification_settings`);--> statement-breakpoint
ALTER TABLE `notification_settings` DROP COLUMN `day_start`;