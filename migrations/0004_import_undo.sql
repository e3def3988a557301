CREATE TABLE `import_undo` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`job_id` integer NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`previous` text,
	FOREIGN KEY (`job_id`) REFERENCES `import_jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `import_undo_job_idx` ON `import_undo` (`job_id`,`id`);--> statement-breakpoint
ALTER TABLE `import_jobs` DROP COLUMN `staged_files`;