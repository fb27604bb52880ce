ALTER TABLE "admin_invites" ADD COLUMN "role" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "role" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "totp_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "totp_locked_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before roles could do everything: the first becomes the owner, the others admins (an owner can change that).
UPDATE "admin_users" SET "role" = 'admin';--> statement-breakpoint
UPDATE "admin_users" SET "role" = 'owner' WHERE "id" = (SELECT "id" FROM "admin_users" ORDER BY "active" DESC, "created_at", "id" LIMIT 1);--> statement-breakpoint
UPDATE "admin_invites" SET "role" = 'admin' WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;
