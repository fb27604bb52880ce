CREATE TABLE "chat_token_days" (
	"day" text PRIMARY KEY NOT NULL,
	"tokens" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_by" text,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"wait_until" bigint DEFAULT 0 NOT NULL,
	"last_failure_at" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failure_idx" ON "sign_in_failures" USING btree ("last_failure_at");