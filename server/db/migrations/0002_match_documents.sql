-- The spec's remote procedure, match_documents, needs pgvector's types, so it is created with the embedding tables by
-- server/db/vector-store.ts wherever the server has pgvector. Databases created before this change defined it here;
-- the vector store replaces that definition at start-up.
DO $$ BEGIN END $$;
