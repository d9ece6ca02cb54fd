-- The whole-record match (match_documents over user_contexts' embeddings) is gone: a chat turn sends the profile and
-- the director's answers whole, and retrieval ranks the owner's pieces. The records themselves stay. Both exist only
-- where the database has pgvector (server/db/vector-store.ts).
DROP TABLE IF EXISTS user_context_embeddings;--> statement-breakpoint
DO $$
BEGIN
  IF to_regtype('vector') IS NOT NULL THEN
    DROP FUNCTION IF EXISTS match_documents(vector, double precision, integer, text, text);
  END IF;
END $$;
