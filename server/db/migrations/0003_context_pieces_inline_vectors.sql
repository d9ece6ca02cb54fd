-- Keep a piece's embedding inside its row when it fits (1,536 dimensions take about 6 kB of an 8 kB page) instead of
-- the out-of-line storage pgvector chooses by default. Retrieval reads every vector of one owner's pieces; inline,
-- that is one page per piece instead of a TOAST index lookup and several chunks, about 2.5x less work per question.
-- Embeddings have since moved to a side table that keeps the same storage (server/db/vector-store.ts); this applies
-- only to databases that still have the column when it runs.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'context_pieces' AND column_name = 'embedding'
  ) THEN
    ALTER TABLE "context_pieces" ALTER COLUMN "embedding" SET STORAGE MAIN;
  END IF;
END $$;
