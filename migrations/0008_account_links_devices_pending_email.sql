CREATE TABLE `account_links` (
	`user_id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_links_expires_idx` ON `account_links` (`expires_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email` text;--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `access_tokens` ADD `ip` text;