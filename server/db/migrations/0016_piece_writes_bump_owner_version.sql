-- Every statement that writes an owner's pieces gives the owner a new version (context_piece_owner_stats.version, from
-- a sequence, so a number never comes back even after the owner's row is deleted and made again): a process holding a
-- copy of the owner's full-text postings (server/ai/ranking-index.ts) compares it with the version retrieval reads, and
-- answers from the database instead while they differ. Same upkeep as migration 0014 otherwise.
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
    UPDATE context_piece_owner_stats s SET pieces = s.pieces - d.n, content_length = s.content_length - d.len,
        version = nextval('context_piece_versions')
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
        content_length = context_piece_owner_stats.content_length + excluded.content_length,
        version = excluded.version;
  END IF;
  RETURN NULL;
END;
$$;
