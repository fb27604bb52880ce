CREATE TABLE "lead_renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_on" date NOT NULL,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	"handled_at" timestamp with time zone,
	"handled_by" uuid,
	"handled_by_name" text
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "quoted_premium_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "premium_cents" bigint;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "line_of_business" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "policy_effective_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "policy_term_months" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "policy_expires_on" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason_other" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "competitor" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "x_date" date;--> statement-breakpoint
ALTER TABLE "lead_renewals" ADD CONSTRAINT "lead_renewals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_renewals" ADD CONSTRAINT "lead_renewals_handled_by_admin_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_renewals_lead_kind_due_idx" ON "lead_renewals" USING btree ("lead_id","kind","due_on");--> statement-breakpoint
CREATE INDEX "lead_renewals_open_idx" ON "lead_renewals" USING btree ("due_on") WHERE "lead_renewals"."handled_at" is null;--> statement-breakpoint
CREATE INDEX "leads_policy_expires_idx" ON "leads" USING btree ("policy_expires_on") WHERE "leads"."status" = 'won';--> statement-breakpoint
CREATE INDEX "leads_x_date_idx" ON "leads" USING btree ("x_date") WHERE "leads"."status" = 'lost';