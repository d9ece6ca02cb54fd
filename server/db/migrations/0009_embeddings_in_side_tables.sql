-- Embeddings left context_pieces (embedding, embedding_model) and user_contexts (embedding) for side tables that exist
-- only where the server has pgvector (docs/decisions/0016-vector-store-without-pgvector.md). Fresh databases never had
-- the columns. A database that still has them always has pgvector, so the vector store, which runs right after the
-- migrations in the same transaction (server/db/vector-store.ts), moves their values to the side tables and drops them.
DO $$ BEGIN END $$;
