CREATE TABLE `sports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`emoji` text,
	`position` integer NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sports_user_name_uq` ON `sports` (`user_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `sports_user_position_idx` ON `sports` (`user_id`,`position`);--> statement-breakpoint
ALTER TABLE `check_ins` ADD `more_sports` text;--> statement-breakpoint
-- Own sport ids share the number space of a day's sport_ids with the built-in sport codes 1–6: they start at 101.
INSERT INTO `sqlite_sequence` (`name`, `seq`) VALUES ('sports', 100);--> statement-breakpoint
-- A deleted sport leaves every day it was on, as a deleted tracker's values do by their foreign key.
CREATE TRIGGER `sports_leave_days` AFTER DELETE ON `sports` BEGIN
  UPDATE `check_ins` SET `more_sports` = (SELECT nullif(json_group_array(`value`), '[]') FROM json_each(`check_ins`.`more_sports`) WHERE `value` <> OLD.`id`)
  WHERE `user_id` = OLD.`user_id` AND `more_sports` IS NOT NULL;
END;
