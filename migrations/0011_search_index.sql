CREATE TABLE `search_docs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`source` text NOT NULL,
	`library` text,
	`ref` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`at` integer NOT NULL,
	`day` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_docs_source_ref_uq` ON `search_docs` (`source`,`ref`);--> statement-breakpoint
CREATE INDEX `search_docs_user_idx` ON `search_docs` (`user_id`);--> statement-breakpoint
-- The search index (docs/api/search.md §5). `search_docs` holds one document per library item, text clipboard entry
-- and day note, written by triggers on those tables only: every write path (quick add, an edit, a completed to-do's
-- next occurrence, the import and its undo, the clipboard's retention, an account's deletion by cascade) keeps the
-- index in step in its own statement, and none can forget it. FTS5 indexes the documents' title and body as its
-- external content; unicode61 with remove_diacritics 2 folds case and accents ("Café" is found by "cafe").
CREATE VIRTUAL TABLE `search_fts` USING fts5(`title`, `body`, content = 'search_docs', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');--> statement-breakpoint
CREATE TRIGGER `search_docs_fts_insert` AFTER INSERT ON `search_docs` BEGIN
  INSERT INTO `search_fts` (`rowid`, `title`, `body`) VALUES (NEW.`id`, NEW.`title`, NEW.`body`);
END;--> statement-breakpoint
CREATE TRIGGER `search_docs_fts_delete` AFTER DELETE ON `search_docs` BEGIN
  INSERT INTO `search_fts` (`search_fts`, `rowid`, `title`, `body`) VALUES ('delete', OLD.`id`, OLD.`title`, OLD.`body`);
END;--> statement-breakpoint
CREATE TRIGGER `search_docs_fts_update` AFTER UPDATE ON `search_docs` BEGIN
  INSERT INTO `search_fts` (`search_fts`, `rowid`, `title`, `body`) VALUES ('delete', OLD.`id`, OLD.`title`, OLD.`body`);
  INSERT INTO `search_fts` (`rowid`, `title`, `body`) VALUES (NEW.`id`, NEW.`title`, NEW.`body`);
END;--> statement-breakpoint
-- Each source as documents, written once here for its triggers and the rebuild below. A library item's title is its
-- name field; its body every other field a person writes text into (src/features/libraries/fields.ts: strings, URLs
-- but not cover images, tags; not enums, numbers, dates, flags or the server's read-only fields), in field order.
-- test/search/fields.test.ts fails when fields.ts gains such a field this list does not name.
CREATE VIEW `search_library_docs` AS SELECT `id` AS `key`, `user_id`, 'library' AS `source`, `library`, `id` AS `ref`,
  CASE WHEN json_valid(`data`) THEN coalesce(json_extract(`data`, CASE `library` WHEN 'quotes' THEN '$.quote' WHEN 'plants' THEN '$.name' ELSE '$.title' END), '') ELSE '' END AS `title`,
  CASE WHEN json_valid(`data`) THEN coalesce((SELECT group_concat(`value`, ' · ') FROM json_tree(`library_items`.`data`)
    WHERE `type` = 'text' AND (`path` = '$.tags' OR (`path` = '$' AND (`key` IN ('artist', 'author', 'developer', 'publisher', 'description',
      'ingredients', 'source', 'latin_name', 'instructions', 'content', 'link', 'url', 'site_url') OR (`key` = 'category' AND `library_items`.`library` = 'todos'))))), '') ELSE '' END AS `body`,
  `created_at` AS `at`, NULL AS `day`
FROM `library_items`;--> statement-breakpoint
CREATE VIEW `search_clipboard_docs` AS SELECT `id` AS `key`, `user_id`, 'clipboard' AS `source`, NULL AS `library`, CAST(`id` AS TEXT) AS `ref`,
  '' AS `title`, `content` AS `body`, `created_at` AS `at`, NULL AS `day`
FROM `clipboard_entries` WHERE `type` = 'text' AND `content` <> '';--> statement-breakpoint
CREATE VIEW `search_day_note_docs` AS SELECT `id` AS `key`, `user_id`, 'day_note' AS `source`, NULL AS `library`, CAST(`id` AS TEXT) AS `ref`,
  '' AS `title`, `note` AS `body`, `created_at` AS `at`, `date` AS `day`
FROM `check_ins` WHERE `note` <> '';--> statement-breakpoint
CREATE TRIGGER `search_library_insert` AFTER INSERT ON `library_items` BEGIN
  INSERT INTO `search_docs` (`user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day`)
    SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_library_docs` WHERE `key` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_library_update` AFTER UPDATE OF `data` ON `library_items` WHEN OLD.`data` IS NOT NEW.`data` BEGIN
  DELETE FROM `search_docs` WHERE `source` = 'library' AND `ref` = OLD.`id`;
  INSERT INTO `search_docs` (`user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day`)
    SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_library_docs` WHERE `key` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_library_delete` AFTER DELETE ON `library_items` BEGIN
  DELETE FROM `search_docs` WHERE `source` = 'library' AND `ref` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_clipboard_insert` AFTER INSERT ON `clipboard_entries` BEGIN
  INSERT INTO `search_docs` (`user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day`)
    SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_clipboard_docs` WHERE `key` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_clipboard_update` AFTER UPDATE OF `type`, `content` ON `clipboard_entries` WHEN OLD.`content` IS NOT NEW.`content` OR OLD.`type` IS NOT NEW.`type` BEGIN
  DELETE FROM `search_docs` WHERE `source` = 'clipboard' AND `ref` = CAST(OLD.`id` AS TEXT);
  INSERT INTO `search_docs` (`user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day`)
    SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_clipboard_docs` WHERE `key` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_clipboard_delete` AFTER DELETE ON `clipboard_entries` BEGIN
  DELETE FROM `search_docs` WHERE `source` = 'clipboard' AND `ref` = CAST(OLD.`id` AS TEXT);
END;--> statement-breakpoint
CREATE TRIGGER `search_day_note_insert` AFTER INSERT ON `check_ins` WHEN NEW.`note` <> '' BEGIN
  INSERT INTO `search_docs` (`user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day`)
    SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_day_note_docs` WHERE `key` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_day_note_update` AFTER UPDATE OF `note` ON `check_ins` WHEN OLD.`note` IS NOT NEW.`note` BEGIN
  DELETE FROM `search_docs` WHERE `source` = 'day_note' AND `ref` = CAST(OLD.`id` AS TEXT);
  INSERT INTO `search_docs` (`user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day`)
    SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_day_note_docs` WHERE `key` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `search_day_note_delete` AFTER DELETE ON `check_ins` WHEN OLD.`note` <> '' BEGIN
  DELETE FROM `search_docs` WHERE `source` = 'day_note' AND `ref` = CAST(OLD.`id` AS TEXT);
END;--> statement-breakpoint
-- The rebuild: every existing row becomes a document (and, through the triggers above, is indexed).
INSERT INTO `search_docs` (`user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day`)
  SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_library_docs`
  UNION ALL SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_clipboard_docs`
  UNION ALL SELECT `user_id`, `source`, `library`, `ref`, `title`, `body`, `at`, `day` FROM `search_day_note_docs`;
