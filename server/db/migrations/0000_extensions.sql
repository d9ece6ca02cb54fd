-- pgvector is optional: Directors also runs on a PostgreSQL server without it, on full-text retrieval. Where the server
-- has it, the extension and the embedding tables are created at every start, under the migration lock, by
-- server/db/vector-store.ts (docs/decisions/0016-vector-store-without-pgvector.md). Databases created before this
-- change ran CREATE EXTENSION here; they end in the same place.
DO $$ BEGIN END $$;
