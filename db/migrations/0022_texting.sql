CREATE TABLE "sms_opt_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"words" text NOT NULL,
	"message_sid" text,
	"lead_id" uuid,
	"consent_record_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "mobile_phone" text;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "sms_alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "texted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "sms_opt_events" ADD CONSTRAINT "sms_opt_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_events" ADD CONSTRAINT "sms_opt_events_consent_record_id_consent_records_id_fk" FOREIGN KEY ("consent_record_id") REFERENCES "public"."consent_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_opt_events_phone_idx" ON "sms_opt_events" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_activity_text_sid_idx" ON "lead_activity" USING btree (("detail"->>'messageSid')) WHERE "lead_activity"."kind" = 'text_received';--> statement-breakpoint
CREATE INDEX "mail_outbox_provider_idx" ON "mail_outbox" USING btree ("provider_id");