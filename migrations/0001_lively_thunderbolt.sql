CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trigger` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`file` text,
	`size_bytes` integer,
	`fingerprint` text,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `backup_runs_created_idx` ON `backup_runs` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `backup_runs_status_idx` ON `backup_runs` (`status`,`id`);