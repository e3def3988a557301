CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'user' NOT NULL,
	`email_verified_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`profile_image_path` text,
	`language` text DEFAULT 'en' NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`date_format` text DEFAULT 'dd.mm.YYYY' NOT NULL,
	`time_format` text DEFAULT 'H:i' NOT NULL,
	`navigation` text,
	`ai_key_cipher` text,
	`first_visit` integer DEFAULT true NOT NULL,
	`temperature_unit` text DEFAULT 'c' NOT NULL,
	`weather_city` text,
	`weather_latitude` real,
	`weather_longitude` real,
	`enabled_trackers` text DEFAULT '["mood","sports","water","sleep","dreams","work","food_quality","food_amount"]' NOT NULL,
	`selected_sports` text DEFAULT '["dumbbell","bike","mountain","footprints","waves_ladder"]' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_key_unique` ON `users` (`email_key`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `access_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`secret_hash` text NOT NULL,
	`platform` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `access_tokens_user_idx` ON `access_tokens` (`user_id`);--> statement-breakpoint
CREATE INDEX `access_tokens_expires_idx` ON `access_tokens` (`expires_at`);--> statement-breakpoint
CREATE TABLE `email_verification_tokens` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`credential_id` text NOT NULL,
	`public_key` blob NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text,
	`aaguid` text,
	`device_type` text,
	`backed_up` integer DEFAULT false NOT NULL,
	`name` text DEFAULT 'Passkey' NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `passkeys_credential_id_unique` ON `passkeys` (`credential_id`);--> statement-breakpoint
CREATE INDEX `passkeys_user_idx` ON `passkeys` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_created_idx` ON `password_reset_tokens` (`created_at`);--> statement-breakpoint
CREATE TABLE `rate_limit_buckets` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_reset_idx` ON `rate_limit_buckets` (`reset_at`);--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_user_idx` ON `webauthn_challenges` (`user_id`,`kind`);--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires_idx` ON `webauthn_challenges` (`expires_at`);--> statement-breakpoint
CREATE TABLE `clipboard_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`file_path` text,
	`mime_type` text,
	`size_bytes` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `clipboard_user_created_idx` ON `clipboard_entries` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `clipboard_user_type_created_idx` ON `clipboard_entries` (`user_id`,`type`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `clipboard_created_idx` ON `clipboard_entries` (`created_at`);--> statement-breakpoint
CREATE TABLE `check_ins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`mood` integer,
	`sleep` integer,
	`dreams` integer,
	`food_quality` integer,
	`food_amount` integer,
	`water` integer,
	`sports` integer,
	`work` integer,
	`menstruation` integer,
	`alcohol` integer,
	`smoking` integer,
	`social_life` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `check_ins_user_date_uq` ON `check_ins` (`user_id`,`date`);--> statement-breakpoint
CREATE TABLE `friend_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sender_id` text NOT NULL,
	`receiver_id` text NOT NULL,
	`pair_low` text NOT NULL,
	`pair_high` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`receiver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `friend_requests_pending_pair_uq` ON `friend_requests` (`pair_low`,`pair_high`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `friend_requests_sender_idx` ON `friend_requests` (`sender_id`);--> statement-breakpoint
CREATE INDEX `friend_requests_receiver_idx` ON `friend_requests` (`receiver_id`);--> statement-breakpoint
CREATE INDEX `friend_requests_updated_idx` ON `friend_requests` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `friendships` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_low` text NOT NULL,
	`user_high` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_low`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_high`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `friendships_pair_uq` ON `friendships` (`user_low`,`user_high`);--> statement-breakpoint
CREATE INDEX `friendships_high_idx` ON `friendships` (`user_high`);--> statement-breakpoint
CREATE TABLE `alert_log` (
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`local_date` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`, `local_date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `alert_log_created_idx` ON `alert_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `bot_dialogues` (
	`chat_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`text` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bot_dialogues_expires_idx` ON `bot_dialogues` (`expires_at`);--> statement-breakpoint
CREATE TABLE `bot_state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `chatbot_connections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`token` text NOT NULL,
	`token_created_at` integer NOT NULL,
	`chat_id` text,
	`your_day_alert` integer DEFAULT false NOT NULL,
	`check_in_alert` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chatbot_connections_user_id_unique` ON `chatbot_connections` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chatbot_connections_token_unique` ON `chatbot_connections` (`token`);--> statement-breakpoint
CREATE INDEX `chatbot_connections_chat_idx` ON `chatbot_connections` (`chat_id`);--> statement-breakpoint
CREATE TABLE `export_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`features` text NOT NULL,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`completed_at` integer,
	`expires_at` integer,
	`size_bytes` integer,
	`error` text,
	`file_deleted_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `export_jobs_user_idx` ON `export_jobs` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `export_jobs_status_idx` ON `export_jobs` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `library_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`library` text NOT NULL,
	`data` text NOT NULL,
	`dedupe_key` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `library_items_user_lib_created_idx` ON `library_items` (`user_id`,`library`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `library_items_dedupe_uq` ON `library_items` (`user_id`,`library`,`dedupe_key`);