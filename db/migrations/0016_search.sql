-- The back office's search (docs/decisions/053-search.md): trigram indexes over each list's search text, so a
-- word or a phone's digits anywhere in it is found from the index on PostgreSQL (PGlite loads pg_trgm too).
-- Each expression is written exactly as the queries write it (app/features/*/search.server.ts). Where the
-- server has no pg_trgm, or the database's owner may not create it, nothing is made: search still works,
-- by reading the table.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm')
     AND EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be created: the back office searches without its indexes';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE $sql$CREATE INDEX IF NOT EXISTS "leads_search_idx" ON "leads" USING gin ((lower("name" || ' ' || "email" || ' ' || "reference" || ' ' || "phone" || ' ' || regexp_replace("phone", '[^0-9]', '', 'g') || ' ' || coalesce("service", '') || ' ' || coalesce("payload"->>'legalBusinessName', '') || ' ' || coalesce("message", ''))) gin_trgm_ops)$sql$;
    EXECUTE $sql$CREATE INDEX IF NOT EXISTS "job_applications_search_idx" ON "job_applications" USING gin ((lower("name" || ' ' || "email" || ' ' || coalesce("cover_letter", ''))) gin_trgm_ops)$sql$;
    EXECUTE $sql$CREATE INDEX IF NOT EXISTS "chat_sessions_search_idx" ON "chat_sessions" USING gin ((lower("name" || ' ' || "email" || ' ' || "phone" || ' ' || regexp_replace("phone", '[^0-9]', '', 'g'))) gin_trgm_ops)$sql$;
    EXECUTE $sql$CREATE INDEX IF NOT EXISTS "chat_messages_search_idx" ON "chat_messages" USING gin ((lower("content")) gin_trgm_ops)$sql$;
  END IF;
END $$;
