-- Keep a piece's embedding inside its row when it fits (1,536 dimensions take about 6 kB of an 8 kB page) instead of
-- the out-of-line storage pgvector chooses by default. Retrieval reads every vector of one owner's pieces; inline,
-- that is one page per piece instead of a TOAST index lookup and several chunks, about 2.5x less work per question.
-- Larger vectors still move out of line. Applies to rows written from now on; re-indexing rewrites older ones.
ALTER TABLE "context_pieces" ALTER COLUMN "embedding" SET STORAGE MAIN;
