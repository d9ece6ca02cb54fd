-- Retrieval ranks in the database alone: the owners' piece versions, which told a process whether its copy of an
-- owner's pieces was current, go, and so do the vectors' signs the copies and the pre-selection read. The word
-- statistics are kept as migration 0014 keeps them.
CREATE OR REPLACE FUNCTION context_piece_statistics_upkeep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('context_piece_terms ' || user_id, 0))
      FROM (SELECT DISTINCT user_id FROM old_pieces ORDER BY 1) owners;
  ELSE
    PERFORM pg_advisory_xact_lock(hashtextextended('context_piece_terms ' || user_id, 0))
      FROM (SELECT DISTINCT user_id FROM new_pieces ORDER BY 1) owners;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE context_piece_terms t SET pieces = t.pieces - d.n
      FROM (SELECT o.user_id, w.lexeme, count(*)::int AS n
            FROM old_pieces o CROSS JOIN LATERAL unnest(o.search_vector) w GROUP BY 1, 2) d
      WHERE t.user_id = d.user_id AND t.lexeme = d.lexeme;
    DELETE FROM context_piece_terms t
      USING (SELECT DISTINCT o.user_id, w.lexeme FROM old_pieces o CROSS JOIN LATERAL unnest(o.search_vector) w) d
      WHERE t.user_id = d.user_id AND t.lexeme = d.lexeme AND t.pieces <= 0;
    UPDATE context_piece_owner_stats s SET pieces = s.pieces - d.n, content_length = s.content_length - d.len
      FROM (SELECT user_id, count(*)::int AS n, sum(length(content))::bigint AS len FROM old_pieces GROUP BY 1) d
      WHERE s.user_id = d.user_id;
    DELETE FROM context_piece_owner_stats s USING (SELECT DISTINCT user_id FROM old_pieces) d
      WHERE s.user_id = d.user_id AND s.pieces <= 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO context_piece_terms (user_id, lexeme, pieces)
      SELECT n.user_id, w.lexeme, count(*)::int
      FROM new_pieces n CROSS JOIN LATERAL unnest(n.search_vector) w GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (user_id, lexeme) DO UPDATE SET pieces = context_piece_terms.pieces + excluded.pieces;
    INSERT INTO context_piece_owner_stats (user_id, pieces, content_length)
      SELECT user_id, count(*)::int, sum(length(content))::bigint FROM new_pieces GROUP BY 1 ORDER BY 1
      ON CONFLICT (user_id) DO UPDATE SET pieces = context_piece_owner_stats.pieces + excluded.pieces,
        content_length = context_piece_owner_stats.content_length + excluded.content_length;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER TABLE "context_piece_owner_stats" DROP COLUMN "version";--> statement-breakpoint
DROP SEQUENCE "public"."context_piece_versions";--> statement-breakpoint
-- The embedding side table exists only where the database has pgvector (server/db/vector-store.ts).
DO $$
BEGIN
  IF to_regclass('context_piece_embeddings') IS NOT NULL THEN
    DROP TRIGGER IF EXISTS context_piece_embeddings_version_insert ON context_piece_embeddings;
    DROP TRIGGER IF EXISTS context_piece_embeddings_version_update ON context_piece_embeddings;
    DROP TRIGGER IF EXISTS context_piece_embeddings_version_delete ON context_piece_embeddings;
    DROP INDEX IF EXISTS context_piece_embeddings_owner_signs_idx;
    ALTER TABLE context_piece_embeddings DROP COLUMN IF EXISTS embedding_signs;
  END IF;
  DROP FUNCTION IF EXISTS context_piece_embeddings_version_upkeep();
END $$;
