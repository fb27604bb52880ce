-- The chat's similarity search runs in the database where pgvector is installed (PGlite always; PostgreSQL when
-- the server has the extension and db/client.ts could create it). Without the extension this does nothing and
-- the assistant computes similarity in the application from knowledge.embedding (real[]).
-- The column has no fixed dimension: the offline engine's vectors and the provider's differ in length, and
-- each search compares only rows of one model. The knowledge base is small, so no index is needed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    EXECUTE 'ALTER TABLE "knowledge" ADD COLUMN IF NOT EXISTS "embedding_vec" vector';
  END IF;
END $$;
