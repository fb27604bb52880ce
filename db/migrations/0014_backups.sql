CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text NOT NULL,
	"location" text,
	"size_bytes" bigint,
	"sha256" text,
	"counts" jsonb,
	"error" text,
	"requested_by" uuid,
	CONSTRAINT "backups_status_check" CHECK ("backups"."status" in ('running', 'ok', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_requested_by_admin_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");