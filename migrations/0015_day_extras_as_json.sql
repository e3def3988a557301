ALTER TABLE `check_ins` ADD `values_json` text;--> statement-breakpoint
ALTER TABLE `check_ins` ADD `activities_json` text;--> statement-breakpoint
-- A day's values and activities as the JSON its answer carries, kept on its row so a year's list reads no other table.
-- Written as JavaScript writes them: tracker ids and activity ids ascending (JSON.stringify's order for integer keys),
-- whole numbers without ".0"; the other digits are JavaScript's too for values within ±10⁹ at 3 decimals, which is
-- all a value may be (check-in/extras.ts). A view each, so the triggers and the backfill say it once.
CREATE VIEW `check_in_values_json` AS
  SELECT `check_in_id`, json_group_object(cast(`tracker_id` AS text), iif(`value` = cast(`value` AS integer), cast(`value` AS integer), `value`) ORDER BY `tracker_id`) AS `json`
  FROM `check_in_values` GROUP BY `check_in_id`;--> statement-breakpoint
CREATE VIEW `check_in_activities_json` AS
  SELECT `check_in_id`, json_group_array(`activity_id` ORDER BY `activity_id`) AS `json`
  FROM `check_in_activities` GROUP BY `check_in_id`;--> statement-breakpoint
CREATE TRIGGER `check_in_values_json_insert` AFTER INSERT ON `check_in_values` BEGIN
  UPDATE `check_ins` SET `values_json` = (SELECT `json` FROM `check_in_values_json` WHERE `check_in_id` = NEW.`check_in_id`) WHERE `id` = NEW.`check_in_id`;
END;--> statement-breakpoint
CREATE TRIGGER `check_in_values_json_update` AFTER UPDATE ON `check_in_values` BEGIN
  UPDATE `check_ins` SET `values_json` = (SELECT `json` FROM `check_in_values_json` WHERE `check_in_id` = `check_ins`.`id`) WHERE `id` IN (OLD.`check_in_id`, NEW.`check_in_id`);
END;--> statement-breakpoint
-- Also when a tracker's or the entry's deletion cascades here (a foreign-key action fires the triggers of the rows it deletes).
CREATE TRIGGER `check_in_values_json_delete` AFTER DELETE ON `check_in_values` BEGIN
  UPDATE `check_ins` SET `values_json` = (SELECT `json` FROM `check_in_values_json` WHERE `check_in_id` = OLD.`check_in_id`) WHERE `id` = OLD.`check_in_id`;
END;--> statement-breakpoint
CREATE TRIGGER `check_in_activities_json_insert` AFTER INSERT ON `check_in_activities` BEGIN
  UPDATE `check_ins` SET `activities_json` = (SELECT `json` FROM `check_in_activities_json` WHERE `check_in_id` = NEW.`check_in_id`) WHERE `id` = NEW.`check_in_id`;
END;--> statement-breakpoint
CREATE TRIGGER `check_in_activities_json_update` AFTER UPDATE ON `check_in_activities` BEGIN
  UPDATE `check_ins` SET `activities_json` = (SELECT `json` FROM `check_in_activities_json` WHERE `check_in_id` = `check_ins`.`id`) WHERE `id` IN (OLD.`check_in_id`, NEW.`check_in_id`);
END;--> statement-breakpoint
CREATE TRIGGER `check_in_activities_json_delete` AFTER DELETE ON `check_in_activities` BEGIN
  UPDATE `check_ins` SET `activities_json` = (SELECT `json` FROM `check_in_activities_json` WHERE `check_in_id` = OLD.`check_in_id`) WHERE `id` = OLD.`check_in_id`;
END;--> statement-breakpoint
UPDATE `check_ins` SET `values_json` = (SELECT `json` FROM `check_in_values_json` WHERE `check_in_id` = `check_ins`.`id`),
  `activities_json` = (SELECT `json` FROM `check_in_activities_json` WHERE `check_in_id` = `check_ins`.`id`)
  WHERE `id` IN (SELECT `check_in_id` FROM `check_in_values` UNION SELECT `check_in_id` FROM `check_in_activities`);
