CREATE TABLE "fmcsa_carriers" (
	"dot_number" text PRIMARY KEY NOT NULL,
	"record" jsonb,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_carrier_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"dot_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"outcome" text,
	"record" jsonb,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_carrier_checks" ADD CONSTRAINT "lead_carrier_checks_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_carrier_checks_lead_idx" ON "lead_carrier_checks" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "lead_carrier_checks_due_idx" ON "lead_carrier_checks" USING btree ("status","next_attempt_at");