ALTER TABLE "leads" ADD COLUMN "channel" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "landing_page" text;--> statement-breakpoint
CREATE INDEX "leads_channel_idx" ON "leads" USING btree ("channel","received_at");--> statement-breakpoint
-- Leads received before channels were recorded: the same rules as app/features/leads/channel.ts, in SQL
-- (tests/integration/lead-channels.test.ts checks the two agree).
UPDATE "leads" SET "landing_page" = left(substring("page_url" from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*(/[^?#]*)'), 500) WHERE "page_url" IS NOT NULL;--> statement-breakpoint
UPDATE "leads" SET "channel" = CASE
  WHEN "lead_type" = 'staff_added' AND "source" = 'Walk-in' THEN 'walk_in'
  WHEN "lead_type" = 'staff_added' AND "source" = 'Referral' THEN 'referral'
  WHEN "lead_type" = 'staff_added' THEN 'phone'
  WHEN "lead_type" LIKE 'chat%' THEN 'chat'
  WHEN lower(btrim(coalesce("utm"->>'utm_medium', ''))) IN ('cpc', 'ppc', 'paid', 'paidsearch', 'paid_search', 'paid-search', 'paidsocial', 'paid_social', 'paid-social', 'cpm', 'cpv', 'display', 'banner', 'retargeting')
    OR lower(btrim(coalesce("utm"->>'utm_medium', ''))) LIKE 'paid%' THEN 'paid'
  WHEN lower(btrim(coalesce("utm"->>'utm_medium', ''))) IN ('email', 'e-mail', 'e_mail', 'newsletter') THEN 'email'
  WHEN lower(btrim(coalesce("utm"->>'utm_medium', ''))) IN ('social', 'social-network', 'social_network', 'social-media', 'social_media', 'sm') THEN 'social'
  WHEN coalesce("page_url", '') ~ '[?&](gclid|gbraid|wbraid|dclid|msclkid|fbclid|ttclid|li_fat_id)=' THEN 'paid'
  WHEN substring(lower(coalesce("referrer", '')) from '^https?://(?:www\.)?([^/?#:]+)') IS NOT NULL
    AND substring(lower("referrer") from '^https?://(?:www\.)?([^/?#:]+)') IS DISTINCT FROM substring(lower(coalesce("page_url", '')) from '^https?://(?:www\.)?([^/?#:]+)') THEN
    CASE
      WHEN substring(lower("referrer") from '^https?://(?:www\.)?([^/?#:]+)') ~ '^(mail\.google\.com|([^.]+\.)*outlook\.(live|office)\.com|mail\.yahoo\.com)$' THEN 'email'
      WHEN substring(lower("referrer") from '^https?://(?:www\.)?([^/?#:]+)') ~ '(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|yahoo\.com|ecosia\.org|baidu\.com|yandex\.[a-z.]+|search\.brave\.com|startpage\.com|qwant\.com|aol\.com)$' THEN 'organic'
      WHEN substring(lower("referrer") from '^https?://(?:www\.)?([^/?#:]+)') ~ '((^|\.)(facebook\.com|fb\.com|instagram\.com|linkedin\.com|twitter\.com|x\.com|youtube\.com|tiktok\.com|nextdoor\.com|reddit\.com|pinterest\.com|threads\.net)|^lnkd\.in|^t\.co)$' THEN 'social'
      ELSE 'referral'
    END
  WHEN coalesce("utm"->>'utm_source', '') <> '' THEN 'referral'
  ELSE 'direct'
END;
